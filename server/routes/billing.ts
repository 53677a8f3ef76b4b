import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { HandlerGroup } from '../http/contract.ts';
import { setPagination } from '../http/contract.ts';
import { invalid, notFound } from '../http/errors.ts';
import { audit } from '../services/audit.ts';
import { billingOverview, estimateCost, ledgerPage, setThreshold } from '../services/billing/billing.ts';
import { grantCredits, OperatorInputError, setPlan } from '../services/billing/operator.ts';
import { scoped } from './scope.ts';

type Ops =
  | 'getBillingOverview'
  | 'listCreditLedger'
  | 'updateLowBalanceThreshold'
  | 'operatorGetBalances'
  | 'operatorGrantCredits'
  | 'operatorSetPlan'
  | 'estimateSendCost';

/**
 * The billing page's operations (billing:read, billing:manage) and the operator API, which is not a member's: its
 * key is checked by the `operatorKey` security scheme before these run. A company that does not exist is 404.
 */
export function billingHandlers(ctx: AppContext): HandlerGroup<Ops> {
  // The operator key itself is checked by the `operatorKey` security scheme (server/http/operatorKey.ts).
  const operatorTenant = async (_request: FastifyRequest, companyId: string) => {
    const { rows } = await ctx.pool.query('select 1 from companies where id = $1', [companyId]);
    if (!rows.length) throw notFound();
    return ctx.tenants.bind(companyId);
  };
  const operatorInput = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof OperatorInputError) throw invalid({ [error.field]: [error.message] });
      throw error;
    }
  };
  return {
    async getBillingOverview(request) {
      const scope = scoped(ctx, request);
      return billingOverview(scope.db, scope.companyId, ctx.config.billing);
    },
    async listCreditLedger(request, reply) {
      const scope = scoped(ctx, request);
      const page = request.query.page ?? 1;
      const perPage = request.query.perPage ?? 50;
      const { rows, total } = await ledgerPage(scope.db, scope.companyId, page, perPage, request.query.channel);
      setPagination(reply, page, perPage, total);
      return rows;
    },
    async updateLowBalanceThreshold(request) {
      const scope = scoped(ctx, request);
      const { channel } = request.params;
      return scope.db.transaction(async (tx) => {
        const balance = await setThreshold(tx, scope.companyId, channel, request.body.threshold);
        await audit(tx, {
          companyId: scope.companyId,
          userId: scope.userId,
          event: 'billing.settings_changed',
          ip: request.ip,
          details: { channel, lowBalanceThreshold: request.body.threshold },
        });
        return balance;
      });
    },
    async estimateSendCost(request) {
      const scope = scoped(ctx, request);
      return estimateCost(
        scope.db,
        scope.companyId,
        request.params.channel,
        request.query.recipients,
        ctx.config.billing,
      );
    },
    async operatorGetBalances(request) {
      const db = await operatorTenant(request, request.params.companyId);
      return billingOverview(db, db.companyId, ctx.config.billing);
    },
    async operatorGrantCredits(request) {
      const db = await operatorTenant(request, request.params.companyId);
      await operatorInput(() => grantCredits(db, request.body));
      return billingOverview(db, db.companyId, ctx.config.billing);
    },
    async operatorSetPlan(request) {
      const db = await operatorTenant(request, request.params.companyId);
      const { name, contacts, seats, sends } = request.body;
      await operatorInput(() => setPlan(db, { name, limits: { contacts, seats, sends } }));
      return billingOverview(db, db.companyId, ctx.config.billing);
    },
  };
}
