import styled from 'styled-components';
import { TextField } from '../../components/ui/TextField';
import { media } from '../../theme/theme';
import { SelectField } from '../invoices/fields';
import { type AddressParts, countryOptions } from './addressParts';

const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    padding: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.ink};
  }
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  ${media.sm} { grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); }
`;

/** The labels each part carries; the customer's say whose they are, as the wizard's other customer fields do. */
const labels = {
  own: { street: 'Street and number', postCode: 'Post code', city: 'City', country: 'Country' },
  customer: {
    street: 'Customer street and number',
    postCode: 'Customer post code',
    city: 'Customer city',
    country: 'Customer country',
  },
} as const;

/**
 * One address entry (issue 34, item 6): street, post code and city, country. The spec's address line is made
 * from it (`addressLine`), and that line's message ('Customer address is required', '… contains invalid
 * characters', the length) shows under the street, where the entry starts, unless a part has its own.
 */
export function AddressFields({
  legend,
  whose,
  parts,
  lineError,
}: {
  legend: string;
  whose: keyof typeof labels;
  parts: AddressParts;
  lineError: string | undefined;
}) {
  const label = labels[whose];
  return (
    <Group>
      <legend>{legend}</legend>
      <TextField
        label={label.street}
        autoComplete={whose === 'own' ? 'address-line1' : 'off'}
        {...parts.street}
        error={parts.street.error ?? lineError}
      />
      <Row>
        <TextField
          label={label.postCode}
          autoComplete={whose === 'own' ? 'postal-code' : 'off'}
          {...parts.postCode}
        />
        <TextField
          label={label.city}
          autoComplete={whose === 'own' ? 'address-level2' : 'off'}
          {...parts.city}
        />
      </Row>
      <SelectField label={label.country} options={countryOptions} {...parts.country} />
    </Group>
  );
}
