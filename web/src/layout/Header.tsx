import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Logo } from '../components/Logo';
import { currentUserId } from '../db/account';
import { loadDatabase } from '../db/load';
import { loadUnsentWork, type UnsentWork, unsentCount } from '../db/unsentWork';
import { useAuth, useLogout } from '../features/auth/AuthProvider';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { media, theme } from '../theme/theme';

/** Asked only at a logout with unsent work: its dialog is not part of any first screen. */
const LogoutDialog = lazy(() =>
  import('../features/auth/LogoutDialog').then((module) => ({ default: module.LogoutDialog })),
);

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 40;
  background: rgba(255, 255, 255, 0.92);
  backdrop-filter: saturate(180%) blur(10px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.layout.content};
  height: ${({ theme }) => theme.layout.header};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};

  ${media.sm} { padding: 0 ${({ theme }) => theme.space.lg}; }
`;

const Brand = styled(Link)`
  display: inline-flex;
  border-radius: ${({ theme }) => theme.radii.sm};
  text-decoration: none;
`;

const itemStyles = css`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;
  cursor: pointer;

  &:hover { color: ${({ theme }) => theme.colors.ink}; background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &.active { color: ${({ theme }) => theme.colors.ink}; background: ${({ theme }) => theme.colors.surfaceSunken}; }
`;

const Item = styled(NavLink)`
  ${itemStyles}
`;

const LogoutButton = styled.button`
  ${itemStyles}
`;

const Primary = styled(NavLink)`
  ${itemStyles}
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  &:hover, &.active { background: ${({ theme }) => theme.colors.brandHover}; color: ${({ theme }) => theme.colors.onBrand}; }
`;

const DesktopNav = styled.nav`
  display: none;
  ${media.desktop} {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xxs};
  }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  cursor: pointer;

  ${media.desktop} { display: none; }
`;

const MobileNav = styled.nav`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.md};

  ul {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xxs};
    margin: 0;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md};
    list-style: none;
  }

  a, button { width: 100%; min-height: 44px; font-size: ${({ theme }) => theme.fontSizes.md}; }

  ${media.desktop} { display: none; }
`;

const List = styled.ul`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

/** Spec §2 Header: signed-in and signed-out variants, a mobile menu that closes from 1024 px. */
export function Header() {
  const { status } = useAuth();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.desktop})`);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isDesktop) setMenuOpen(false);
  }, [isDesktop]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the route changes.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const [unsent, setUnsent] = useState<UnsentWork | null>(null);
  const finishLogout = (choice: 'keep' | 'discard') => {
    setUnsent(null);
    void logout(choice).then(() => navigate('/login', { replace: true }));
  };
  // Unsent work on this device: the user chooses whether it stays for them (LogoutDialog).
  const onLogout = async () => {
    const userId = currentUserId();
    const work = userId
      ? await loadDatabase()
          .then(({ db }) => loadUnsentWork(db, userId))
          .catch(() => null)
      : null;
    if (work && unsentCount(work) > 0) setUnsent(work);
    else finishLogout('keep');
  };

  const isSignedIn = status === 'signedIn';
  const showNav = status !== 'checking';
  const items = isSignedIn ? (
    <>
      <li>
        <Item to="/" end>
          Dashboard
        </Item>
      </li>
      <li>
        <Item to="/invoice/create">New Invoice</Item>
      </li>
      <li>
        <Item to="/quotes">Quotes</Item>
      </li>
      <li>
        <Item to="/clients">Clients</Item>
      </li>
      <li>
        <Item to="/items">Items</Item>
      </li>
      <li>
        <Item to="/bank">Bank</Item>
      </li>
      <li>
        <Item to="/export">Export</Item>
      </li>
      <li>
        <Item to="/recurring">Recurring</Item>
      </li>
      <li>
        <Item to="/profile">Profile</Item>
      </li>
      <li>
        <LogoutButton type="button" onClick={() => void onLogout()}>
          Logout
        </LogoutButton>
      </li>
    </>
  ) : (
    <>
      <li>
        <Item to="/login">Login</Item>
      </li>
      <li>
        <Primary to="/signup">Register</Primary>
      </li>
    </>
  );

  return (
    <Bar>
      <Inner>
        <Brand to="/" aria-label="Remit home">
          <Logo />
        </Brand>
        {showNav && (
          <>
            <DesktopNav aria-label="Main">
              <List>{items}</List>
            </DesktopNav>
            <MenuButton
              ref={toggleRef}
              type="button"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <MenuIcon open={menuOpen} />
            </MenuButton>
          </>
        )}
      </Inner>
      {showNav && menuOpen && !isDesktop && (
        <MobileNav id={menuId} aria-label="Main">
          <ul>{items}</ul>
        </MobileNav>
      )}
      {unsent && (
        <Suspense fallback={null}>
          <LogoutDialog work={unsent} onChoose={finishLogout} onCancel={() => setUnsent(null)} />
        </Suspense>
      )}
    </Bar>
  );
}
