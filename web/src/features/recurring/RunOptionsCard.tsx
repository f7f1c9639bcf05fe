import { Card } from '../../components/ui/Card';
import { Choices, Grid } from './editorParts';
import type { Values } from './editorValues';

/** What each run does (issue and send, or keep as a draft) and what happens to runs missed while down. */
export function RunOptionsCard({
  values,
  set,
}: {
  values: Values;
  set: <K extends keyof Values>(key: K, value: Values[K]) => void;
}) {
  return (
    <Card aria-labelledby="recurring-options">
      <h2 id="recurring-options">Each run</h2>
      <Grid>
        <Choices>
          <legend>What happens</legend>
          <label>
            <input
              type="radio"
              name="mode"
              checked={values.mode === 'send'}
              onChange={() => set('mode', 'send')}
            />
            Issue and send it to the customer
          </label>
          <label>
            <input
              type="radio"
              name="mode"
              checked={values.mode === 'draft'}
              onChange={() => set('mode', 'draft')}
            />
            Issue it as a draft for me to send
          </label>
        </Choices>
        <Choices>
          <legend>Runs missed while Remit was offline</legend>
          <label>
            <input
              type="radio"
              name="missed"
              checked={values.missed === 'issue'}
              onChange={() => set('missed', 'issue')}
            />
            Issue each one, oldest first
          </label>
          <label>
            <input
              type="radio"
              name="missed"
              checked={values.missed === 'skip'}
              onChange={() => set('missed', 'skip')}
            />
            Skip them
          </label>
        </Choices>
      </Grid>
    </Card>
  );
}
