import { Card } from '../../components/ui/Card';
import { TextField } from '../../components/ui/TextField';
import { Muted } from '../clients/parts';
import { SelectField } from '../invoices/fields';
import { Grid } from './editorParts';
import { dayOptions, type Ends, frequencyOptions, type Values } from './editorValues';

/** The schedule of a recurring invoice: how often, on which day, from when, until when (issue 33). */
export function ScheduleCard({
  values,
  set,
  fields,
  timeZone,
}: {
  values: Values;
  set: <K extends keyof Values>(key: K, value: Values[K]) => void;
  fields: Record<string, string | undefined>;
  timeZone: string;
}) {
  return (
    <Card aria-labelledby="recurring-schedule">
      <h2 id="recurring-schedule">Schedule</h2>
      <Grid>
        <SelectField
          label="Repeats"
          name="frequency"
          value={values.frequency}
          error={fields.frequency}
          onBlur={() => {}}
          onChange={(event) => set('frequency', event.target.value as Values['frequency'])}
          options={frequencyOptions}
        />
        {values.frequency !== 'weekly' && (
          <SelectField
            label="Day of the month"
            name="dayOfMonth"
            value={values.dayOfMonth}
            error={fields.dayOfMonth}
            onBlur={() => {}}
            onChange={(event) => set('dayOfMonth', event.target.value)}
            options={dayOptions}
          />
        )}
        <TextField
          label="First run"
          name="startDate"
          type="date"
          value={values.startDate}
          error={fields.startDate}
          onBlur={() => {}}
          onChange={(event) => set('startDate', event.target.value)}
        />
        <SelectField
          label="Ends"
          name="ends"
          value={values.ends}
          error={undefined}
          onBlur={() => {}}
          onChange={(event) => set('ends', event.target.value as Ends)}
          options={[
            { value: 'never', label: 'Never' },
            { value: 'date', label: 'On a date' },
            { value: 'count', label: 'After a number of invoices' },
          ]}
        />
        {values.ends === 'date' && (
          <TextField
            label="Last run on or before"
            name="endDate"
            type="date"
            value={values.endDate}
            error={fields.endDate}
            onBlur={() => {}}
            onChange={(event) => set('endDate', event.target.value)}
          />
        )}
        {values.ends === 'count' && (
          <TextField
            label="Number of invoices"
            name="count"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={values.count}
            error={fields.count}
            onBlur={() => {}}
            onChange={(event) => set('count', event.target.value)}
          />
        )}
      </Grid>
      <Muted>Runs happen on your day in {timeZone}.</Muted>
    </Card>
  );
}
