import { defaultInvoiceForm } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { validWizardForm } from '../../test/wizardForm';
import {
  type GenerateInput,
  type GenerateResult,
  type WizardEmitted,
  type WizardForm,
  type WizardStart,
  wizardMachine,
} from './wizardMachine';

const template = { ID: 'classic', TemplateName: 'Classic', TemplateComponentName: 'ClassicTemplate' };

function start(options: { subscribed?: boolean; form?: WizardForm; result?: GenerateResult | Error } = {}) {
  const generated: GenerateInput[] = [];
  const machine = wizardMachine.provide({
    actors: {
      load: fromPromise(
        async (): Promise<WizardStart> => ({ form: options.form ?? validWizardForm, logo: null }),
      ),
      generate: fromPromise(async ({ input }: { input: GenerateInput }) => {
        generated.push(input);
        const result = options.result ?? { kind: 'sent', id: 'inv-1' };
        if (result instanceof Error) throw result;
        return result;
      }),
    },
  });
  const actor = createActor(machine, {
    input: { draftId: 'draft-1', subscribed: options.subscribed ?? true },
  });
  const notices: string[] = [];
  actor.on('notice', (event: WizardEmitted) => notices.push(event.message));
  actor.start();
  return { actor, notices, generated };
}

describe('invoice wizard (spec §4)', () => {
  it('loads the form, then stays on step 1 and says why when Next is pressed on an incomplete form', async () => {
    const { actor, notices } = start({ form: defaultInvoiceForm('2026-01-15') as WizardForm });
    await waitFor(actor, (state) => state.matches('form'));
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(actor.getSnapshot().context.showAllErrors).toBe(true);
    expect(notices).toEqual(['Please complete all required fields']);
  });

  it('blocks Next while a unit price is 0 (the stricter rule), then moves to step 2 and stores the form', async () => {
    const zero = {
      ...validWizardForm,
      items: [{ description: 'Consulting', quantity: '1', unitPrice: '0' }],
    };
    const { actor } = start({ form: zero });
    await waitFor(actor, (state) => state.matches('form'));
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    actor.send({ type: 'CHANGE', path: 'items.0.unitPrice', form: validWizardForm });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('templates')).toBe(true);
    expect(actor.getSnapshot().context.storedForm).toEqual(validWizardForm);
  });

  it('Back restores the stored form', async () => {
    const { actor } = start();
    await waitFor(actor, (state) => state.matches('form'));
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(actor.getSnapshot().context.form).toEqual(validWizardForm);
  });

  it('needs a template before Generate, and selecting in the preview closes it', async () => {
    const { actor, notices, generated } = start();
    await waitFor(actor, (state) => state.matches('form'));
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'GENERATE' });
    expect(notices).toEqual(['Please select a template first.']);
    actor.send({ type: 'PREVIEW', template });
    expect(actor.getSnapshot().matches({ templates: 'previewing' })).toBe(true);
    actor.send({ type: 'SELECT', template });
    expect(actor.getSnapshot().matches({ templates: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context.previewTemplate).toBeNull();
    actor.send({ type: 'GENERATE' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(generated).toEqual([{ form: validWizardForm, logo: null, template, draftId: 'draft-1' }]);
  });

  it('a subscriber is done after generating; a non-subscriber keeps the id and sees the plans', async () => {
    const subscriber = start({ subscribed: true });
    await waitFor(subscriber.actor, (state) => state.matches('form'));
    subscriber.actor.send({ type: 'NEXT' });
    subscriber.actor.send({ type: 'SELECT', template });
    subscriber.actor.send({ type: 'GENERATE' });
    await waitFor(subscriber.actor, (state) => state.matches('done'));

    const free = start({ subscribed: false });
    await waitFor(free.actor, (state) => state.matches('form'));
    free.actor.send({ type: 'NEXT' });
    free.actor.send({ type: 'SELECT', template });
    free.actor.send({ type: 'GENERATE' });
    await waitFor(free.actor, (state) => state.matches('plans'));
    expect(free.actor.getSnapshot().context.invoiceId).toBe('inv-1');
    free.actor.send({ type: 'CLOSE_PLANS' });
    expect(free.actor.getSnapshot().matches('done')).toBe(true);
  });

  it('ends as queued when the command went to the outbox, and shows a server error on step 2', async () => {
    const queued = start({ result: { kind: 'queued' } });
    await waitFor(queued.actor, (state) => state.matches('form'));
    queued.actor.send({ type: 'NEXT' });
    queued.actor.send({ type: 'SELECT', template });
    queued.actor.send({ type: 'GENERATE' });
    await waitFor(queued.actor, (state) => state.matches('queued'));

    const failing = start({ result: new Error('Invoice number INV-001 is already used') });
    await waitFor(failing.actor, (state) => state.matches('form'));
    failing.actor.send({ type: 'NEXT' });
    failing.actor.send({ type: 'SELECT', template });
    failing.actor.send({ type: 'GENERATE' });
    await waitFor(failing.actor, (state) => state.matches('templates'));
    expect(failing.notices).toEqual(['Invoice number INV-001 is already used']);
  });
});
