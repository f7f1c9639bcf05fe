import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import styled, { keyframes } from 'styled-components';

export type ToastTone = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

interface ToastOptions {
  tone?: ToastTone;
  /** Spec §9: 3 s unless a screen says otherwise. */
  durationMs?: number;
}

type ShowToast = (message: string, options?: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

const TOAST_DURATION_MS = 3000;

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}

const slideIn = keyframes`
  from { transform: translateY(12px); }
  to { transform: none; }
`;

const Region = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.space.md};
  bottom: ${({ theme }) => theme.space.md};
  left: ${({ theme }) => theme.space.md};
  z-index: 50;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.xs};
  pointer-events: none;

  @media (min-width: 480px) {
    left: auto;
    width: 380px;
  }
`;

const Item = styled.div<{ $tone: ToastTone }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.sm} ${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.toast};
  color: #f8fafc;
  box-shadow: ${({ theme }) => theme.shadows.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  pointer-events: auto;
  animation: ${slideIn} 180ms ease-out;

  &::before {
    content: '';
    flex: none;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${({ $tone }) => ({ success: '#34d399', error: '#f87171', info: '#a5b4fc' })[$tone]};
  }
`;

const Message = styled.p`
  flex: 1;
`;

const Dismiss = styled.button`
  flex: none;
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: #cbd5e1;
  font-size: 1.1rem;
  cursor: pointer;
  &:hover { background: rgba(255, 255, 255, 0.1); color: #fff; }
  &:focus-visible { outline-color: #a5b4fc; }
`;

/** Toasts bottom-right (spec §9), read out through polite and assertive live regions. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ShowToast>(
    (message, options = {}) => {
      const id = nextId.current++;
      setToasts((current) => [...current.slice(-3), { id, message, tone: options.tone ?? 'info' }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), options.durationMs ?? TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const polite = toasts.filter((toast) => toast.tone !== 'error');
  const urgent = toasts.filter((toast) => toast.tone === 'error');
  const render = (toast: Toast) => (
    <Item key={toast.id} $tone={toast.tone} data-testid="toast">
      <Message>{toast.message}</Message>
      <Dismiss type="button" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
        ×
      </Dismiss>
    </Item>
  );

  return (
    <ToastContext.Provider value={useMemo(() => show, [show])}>
      {children}
      <Region aria-label="Notifications" role="region">
        <div role="status" aria-live="polite" style={{ display: 'contents' }}>
          {polite.map(render)}
        </div>
        <div aria-live="assertive" style={{ display: 'contents' }}>
          {urgent.map(render)}
        </div>
      </Region>
    </ToastContext.Provider>
  );
}
