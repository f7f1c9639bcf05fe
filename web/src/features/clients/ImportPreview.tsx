import styled from 'styled-components';
import { formatCount } from '../../lib/format';
import type { PreviewRow } from './csvImport';

const Summary = styled.p`
  strong { color: ${({ theme }) => theme.colors.ink}; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { padding: 6px 8px; text-align: left; vertical-align: top; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { color: ${({ theme }) => theme.colors.muted}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
  td:first-child { font-variant-numeric: tabular-nums; color: ${({ theme }) => theme.colors.muted}; }
  td { overflow-wrap: anywhere; }
`;

const Scroll = styled.div`
  max-height: 320px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Refused = styled.td`
  color: ${({ theme }) => theme.colors.danger};
`;

/** Refused rows are all listed first (each with why); then the first rows that will be created. */
const SHOWN_CREATED = 50;

export function ImportPreview({
  rows,
  created,
  noun,
}: {
  rows: PreviewRow<unknown>[];
  created: number;
  noun: string;
}) {
  const refused = rows.filter((row) => row.problems.length > 0);
  const shown = [...refused, ...rows.filter((row) => row.problems.length === 0).slice(0, SHOWN_CREATED)];
  return (
    <>
      <Summary aria-live="polite">
        <strong>{formatCount(created)}</strong> {created === 1 ? noun.replace(/s$/, '') : noun} will be
        created
        {refused.length > 0 && (
          <>
            , <strong>{formatCount(refused.length)}</strong> rows are refused and will not be imported
          </>
        )}
        .
      </Summary>
      <Scroll>
        <Table aria-label="Import preview">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Name</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.title}</td>
                {row.problems.length > 0 ? (
                  <Refused>Refused: {row.problems.join('; ')}</Refused>
                ) : (
                  <td>Will be created</td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
    </>
  );
}
