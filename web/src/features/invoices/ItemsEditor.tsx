import { formatMoney, sanitize, units } from '@remit/contracts';
import styled from 'styled-components';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { media } from '../../theme/theme';
import { SelectField } from './fields';
import { ItemPicker } from './ItemPicker';
import type { Wizard } from './useWizard';

/** UN/ECE Rec 20 units (BT-130); pieces unless chosen, and a unit other than pieces takes decimals. */
const unitOptions = units.map((unit) => ({ value: unit.code, label: unit.plural }));

const Item = styled.li`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  > :first-child { grid-column: 1 / -1; }
  ${media.sm} {
    grid-template-columns: 3fr 0.9fr 1.1fr 1.2fr 1fr auto;
    align-items: start;
    > :first-child { grid-column: auto; }
  }
`;

const Line = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  span:first-child { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
  output { min-height: 44px; display: flex; align-items: center; font-weight: ${({ theme }) => theme.fontWeights.semibold}; font-variant-numeric: tabular-nums; }
`;

const Remove = styled.div`
  display: flex;
  align-items: flex-end;
  ${media.sm} { padding-top: 26px; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

const Items = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space.sm};
`;

/** Items: description, quantity and its unit, unit price, the line total in the invoice's currency; add and remove. */
export function ItemsEditor({ wizard }: { wizard: Wizard }) {
  const { items } = wizard.context.form;
  return (
    <div>
      <Items>
        {items.map((_, index) => {
          const line = wizard.totals.lines[index];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own
            <Item key={index} aria-label={`Item ${index + 1}`}>
              <TextField
                label="Description"
                {...wizard.field(`items.${index}.description`, sanitize.description)}
              />
              {/* Numbers keep what was typed: the schema reads "12,50" or answers a message (contracts). */}
              <TextField
                label="Quantity"
                inputMode={items[index]?.unit && items[index]?.unit !== 'C62' ? 'decimal' : 'numeric'}
                {...wizard.field(`items.${index}.quantity`)}
              />
              <SelectField
                label="Unit"
                options={unitOptions}
                {...wizard.field(`items.${index}.unit`)}
                value={items[index]?.unit || 'C62'}
              />
              <TextField
                label="Unit price"
                inputMode="decimal"
                {...wizard.field(`items.${index}.unitPrice`)}
              />
              <Line>
                <span>Total</span>
                <output>{line ? formatMoney(line) : ''}</output>
              </Line>
              <Remove>
                <Button
                  variant="ghost"
                  disabled={items.length === 1}
                  onClick={() => wizard.removeItem(index)}
                  aria-label={`Remove item ${index + 1}`}
                >
                  Remove
                </Button>
              </Remove>
            </Item>
          );
        })}
      </Items>
      <Actions>
        <Button variant="secondary" repeatable onClick={wizard.addItem}>
          + Add Item
        </Button>
        <ItemPicker currency={wizard.context.form.currency} onPick={wizard.addLine} />
      </Actions>
    </div>
  );
}
