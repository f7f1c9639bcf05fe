import { Chip, Chips } from './styles';

/** One choice among a few, as a row of chips that are radio buttons (the period, the format, the separator). */
export function ChipGroup<Value extends string>({
  name,
  options,
  value,
  onChange,
}: {
  name: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <Chips>
      {options.map((option) => (
        <Chip key={option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </Chip>
      ))}
    </Chips>
  );
}
