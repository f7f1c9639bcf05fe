import styled from 'styled-components';

const Track = styled.button`
  position: relative;
  flex: none;
  width: 44px;
  height: 26px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.subtle};
  cursor: pointer;
  transition: background ${({ theme }) => theme.transitions.fast};

  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: #fff;
    box-shadow: ${({ theme }) => theme.shadows.xs};
    transition: transform ${({ theme }) => theme.transitions.fast};
  }
  &[aria-checked='true'] { background: ${({ theme }) => theme.colors.success}; }
  &[aria-checked='true']::after { transform: translateX(18px); }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  &:disabled { cursor: wait; opacity: 0.7; }
`;

/** An on/off switch: a button with role="switch", so screen readers say its name and whether it is on. */
export function Switch({
  checked,
  label,
  onChange,
  disabled = false,
}: {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Track
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    />
  );
}
