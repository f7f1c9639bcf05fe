import { paymentMethodFormSchema } from '@remit/contracts';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import { type PaymentMethodService, paymentMethodAnswer } from './service.js';

/** `POST /settings/payment-methods`, `PUT /settings/payment-methods/{id}` and `…/{id}/toggle` (docs/api.md). */
export function paymentMethodRoutes(deps: {
  paymentMethods: PaymentMethodService;
  commands: Commands;
}): Router {
  const { paymentMethods, commands } = deps;
  const router = Router();

  router.post('/settings/payment-methods', requireAuth, async (req, res) => {
    const form = parseInput(paymentMethodFormSchema, req.body);
    const { paymentMethodId, step } = paymentMethods.add(currentUserId(req), form);
    sendAnswer(res, await commands.answer(req, step, paymentMethodAnswer(201, paymentMethodId)));
  });

  router.put('/settings/payment-methods/:id', requireAuth, async (req, res) => {
    const form = parseInput(paymentMethodFormSchema, req.body);
    const id = String(req.params.id);
    const update = paymentMethods.update(currentUserId(req), id, form);
    sendAnswer(res, await commands.answer(req, update, paymentMethodAnswer(200, id)));
  });

  router.put('/settings/payment-methods/:id/toggle', requireAuth, async (req, res) => {
    const id = String(req.params.id);
    const toggle = paymentMethods.toggle(currentUserId(req), id);
    sendAnswer(res, await commands.answer(req, toggle, paymentMethodAnswer(200, id)));
  });

  return router;
}
