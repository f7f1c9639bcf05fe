import { paymentMethodFormSchema } from '@remit/contracts';
import { currentUserId, parseInput, requireAuth, sendCommandResult } from '@remit/kit';
import { type RequestHandler, Router } from 'express';
import { commandMetadata } from '../metadata.js';
import type { PaymentMethodService } from './service.js';

/** `POST /settings/payment-methods`, `PUT /settings/payment-methods/{id}` and `…/{id}/toggle` (docs/api.md). */
export function paymentMethodRoutes(deps: {
  paymentMethods: PaymentMethodService;
  idempotent: RequestHandler;
}): Router {
  const { paymentMethods, idempotent } = deps;
  const router = Router();

  router.post('/settings/payment-methods', requireAuth, idempotent, async (req, res) => {
    const form = parseInput(paymentMethodFormSchema, req.body);
    const { paymentMethod, position } = await paymentMethods.add(
      currentUserId(req),
      form,
      commandMetadata(req),
    );
    sendCommandResult(res, 201, { paymentMethod }, position);
  });

  router.put('/settings/payment-methods/:id', requireAuth, idempotent, async (req, res) => {
    const form = parseInput(paymentMethodFormSchema, req.body);
    const { paymentMethod, position } = await paymentMethods.update(
      currentUserId(req),
      String(req.params.id),
      form,
      commandMetadata(req),
    );
    sendCommandResult(res, 200, { paymentMethod }, position);
  });

  router.put('/settings/payment-methods/:id/toggle', requireAuth, idempotent, async (req, res) => {
    const { paymentMethod, position } = await paymentMethods.toggle(
      currentUserId(req),
      String(req.params.id),
      commandMetadata(req),
    );
    sendCommandResult(res, 200, { paymentMethod }, position);
  });

  return router;
}
