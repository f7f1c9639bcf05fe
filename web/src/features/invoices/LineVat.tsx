import { basisPointsToPercent, type LineVatInput, readTypedNumber, vatCategories } from '@remit/contracts';
import { useState } from 'react';
import { TextField } from '../../components/ui/TextField';
import { SelectField } from './fields';

const LINE_RATE_MESSAGE = 'Enter a VAT rate between 0 and 100 with at most 2 decimals';

const options = [
  { value: '', label: "The invoice's VAT" },
  ...vatCategories.map((category) => ({
    value: category.code,
    label: `${category.label} (${category.code})`,
  })),
];

/** Percent typed as text → basis points, or null when it is not a rate (never a silently different number). */
function lineRateFrom(text: string): number | null {
  const read = readTypedNumber(text);
  if (read.kind !== 'number' || read.negative || read.whole.length > 3 || read.fraction.length > 2)
    return null;
  const basisPoints = Number(read.whole) * 100 + Number(read.fraction.padEnd(2, '0'));
  return basisPoints <= 10_000 ? basisPoints : null;
}

/**
 * Step 1's per-line VAT (E-invoice details, BT-151/BT-152): empty follows the invoice's category and tax rate; a
 * category of its own takes its own rate when standard-rated (a 7% line on a 19% invoice); the other categories
 * are 0%, their reason the invoice's.
 */
export function LineVatFields({
  index,
  name,
  vat,
  onChange,
}: {
  index: number;
  name: string;
  vat: LineVatInput | null | undefined;
  onChange: (vat: LineVatInput | null) => void;
}) {
  const [rateText, setRateText] = useState(
    vat?.category === 'S' ? String(basisPointsToPercent(vat.rate)) : '',
  );
  const [rateError, setRateError] = useState<string | undefined>(undefined);
  const label = `item ${index + 1}${name ? ` (${name})` : ''}`;
  return (
    <>
      <SelectField
        label={`VAT of ${label}`}
        name={`items.${index}.vat.category`}
        error={undefined}
        onBlur={() => {}}
        options={options}
        value={vat?.category ?? ''}
        onChange={(event) => {
          const category = event.target.value as LineVatInput['category'] | '';
          if (!category) return onChange(null);
          const rate = category === 'S' ? (lineRateFrom(rateText) ?? 0) : 0;
          onChange({ category, rate, exemption: null });
        }}
      />
      {vat?.category === 'S' ? (
        <TextField
          label={`VAT rate of ${label} (%)`}
          name={`items.${index}.vat.rate`}
          onBlur={() => {}}
          inputMode="decimal"
          value={rateText}
          error={rateError}
          onChange={(event) => {
            const text = event.target.value;
            setRateText(text);
            const rate = lineRateFrom(text);
            setRateError(rate === null ? LINE_RATE_MESSAGE : undefined);
            if (rate !== null) onChange({ category: 'S', rate, exemption: null });
          }}
        />
      ) : null}
    </>
  );
}
