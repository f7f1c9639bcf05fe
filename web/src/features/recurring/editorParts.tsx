import styled from 'styled-components';

/** The recurring editor's layout pieces (issue 33), shared by its cards. */

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 640px;
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin-bottom: ${({ theme }) => theme.space.md}; }
`;

export const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

export const Choices = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  legend { margin-bottom: ${({ theme }) => theme.space.xs}; font-weight: ${({ theme }) => theme.fontWeights.medium}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  label { display: flex; gap: ${({ theme }) => theme.space.xs}; align-items: center; min-height: 32px; }
  input { width: 18px; height: 18px; accent-color: ${({ theme }) => theme.colors.brand}; }
`;

export const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
