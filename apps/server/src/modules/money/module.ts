import { PLATFORM_FEE_BPS } from '@virality/domain';
import type { TModule } from '../../module-types';
import { ledgerCheckJob, payoutSendJob, payoutsPollJob, transfersReconcileJob } from './jobs';
import { createMoneyRepository } from './repository';
import { moneyRoutes, paypalWebhookRoutes } from './routes';
import { createMoneyService, type TMoneyService } from './service';

declare module '../../module-types' {
  interface TServices {
    money: TMoneyService;
  }
}

/**
 * Money: brands paying influencers through PayPal orders, the wallets, withdrawals through PayPal Payouts, the
 * ledger and its daily check. After the payments module (its PayPal gateway) and the campaigns module (whose
 * budgets and tags it checks, and to which it says what was paid). `feeBps` replaces the platform's fee (tests).
 */
export const createMoneyModule = (opts: { feeBps?: number } = {}): TModule => ({
  name: 'money',
  services(ctx) {
    const { services } = ctx;
    const money = createMoneyService({
      repo: createMoneyRepository(ctx.db, ctx.changes),
      paypal: services.paypal,
      campaigns: () => services.campaigns,
      notifications: services.notifications,
      webhooks: services.webhooks,
      clock: ctx.clock,
      unitOfWork: ctx.unitOfWork,
      publicUrl: ctx.config.publicUrl,
      feeBps: opts.feeBps ?? PLATFORM_FEE_BPS,
      log: ctx.log,
      metrics: ctx.metrics,
    });
    services.campaigns.usePayments(money.campaignPort());
    return { money };
  },
  routes: ({ services }) => [moneyRoutes(services.money), paypalWebhookRoutes(services.money)],
  jobs: ({ services, log }) => [
    payoutSendJob({ money: services.money }),
    payoutsPollJob({ money: services.money, log }),
    transfersReconcileJob({ money: services.money, log }),
    ledgerCheckJob({ money: services.money }),
  ],
});

export const moneyModule = createMoneyModule();
