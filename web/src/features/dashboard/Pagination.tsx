import styled from 'styled-components';
import { Button } from '../../components/ui/Button';

const Nav = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

interface PaginationProps {
  page: number;
  totalPages: number;
  /** The count stopped at a cap: there are at least `totalPages` pages. */
  totalCapped?: boolean;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

export function Pagination({
  page,
  totalPages,
  totalCapped = false,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
}: PaginationProps) {
  return (
    <Nav aria-label="Pagination">
      <Button variant="secondary" repeatable disabled={!canPrevious} onClick={onPrevious}>
        Previous
      </Button>
      <span
        aria-live="polite"
        title={totalCapped ? 'At least this many pages match; the count stops 10 pages ahead' : undefined}
      >
        Page {page} of {totalPages}
        {totalCapped ? '+' : ''}
      </span>
      <Button variant="secondary" repeatable disabled={!canNext} onClick={onNext}>
        Next
      </Button>
    </Nav>
  );
}
