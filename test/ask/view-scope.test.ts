/**
 * Business views in Tier-1 routing (src/ask/view-scope.ts and its hook in route-tier1.ts): a
 * question naming a certified view, by its name or a synonym, is routed among that view's blocks
 * only, and the view's words are never read as a measure or a filter; a view the answer gate does
 * not let answer (a draft, a stale receipt) changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createTier1Router } from '../../src/ask/index.js';
import { buildViewIndex } from '../../src/ask/view-scope.js';
import { viewSha256 } from '../../src/compiler/project/views.js';
import type { CompiledView, Manifest } from '../../src/compiler/types.js';
import { viewGate } from '../../src/rules/gates/answer-gate.js';
import { NOW, useCommerceRouter } from './commerce-manifest.js';

const commerce = useCommerceRouter();

/** A view as `svc certify --view` leaves it (certified, with a receipt for its content), or a draft. */
function view(id: string, name: string, blocks: string[], over: Partial<CompiledView> = {}): CompiledView {
  const content = { id, name, description: `The ${name} view.`, synonyms: [], owner: 'owner@acme.test', blocks, terms: [], ...over };
  const sha = viewSha256(content);
  return {
    ...content,
    domain: id.split('.')[0] ?? '',
    status: 'certified',
    effectiveStatus: 'certified',
    receipt: 'valid',
    sourceSha256: sha,
    certification: { certifiedBy: 'owner@acme.test', via: 'cli', sourceSha256: sha },
    ...over,
  };
}

/** The commerce manifest with its views replaced. */
const withViews = (m: Manifest, ...views: CompiledView[]): Manifest => ({ ...structuredClone(m), views: Object.fromEntries(views.map((v) => [v.id, v])) });

describe('finding a view in a question', () => {
  const index = buildViewIndex(
    withViews(
      { views: {} } as unknown as Manifest,
      view('finance.revenue_reporting', 'revenue reporting', ['finance.weekly_revenue'], { synonyms: ['revenue pack'] }),
      view('customers.customer_health', 'customer health', ['customers.churn_risk'], { status: 'draft', certification: undefined }),
    ),
    (v) => viewGate(v),
  );

  it.each<[string, string | undefined, string | undefined]>([
    ['in the revenue reporting view, weekly revenue', 'finance.revenue_reporting', 'revenue reporting view'],
    ['Revenue Reporting: weekly revenue', 'finance.revenue_reporting', 'Revenue Reporting'],
    ['what is in the REVENUE PACK?', 'finance.revenue_reporting', 'REVENUE PACK'],
    ['weekly revenue reports', undefined, undefined],
    ['revenue report by state', undefined, undefined],
    ['customer health: churn risk', undefined, undefined],
  ])('%s -> scope %s over "%s"', (question, id, words) => {
    const scope = index.scope(question);
    expect(scope?.view).toBe(id);
    expect(scope === undefined ? undefined : question.slice(...scope.span)).toBe(words);
    if (scope !== undefined) {
      expect(scope.rest.length).toBe(question.length);
      expect(scope.rest).not.toContain(words);
    }
  });

  it('finds a draft view only when asked for any view, and lists a block under its certified views only', () => {
    expect(index.find('customer health: churn risk', true)).toBeUndefined();
    expect(index.find('customer health: churn risk', false)?.view.id).toBe('customers.customer_health');
    expect(index.holding('finance.weekly_revenue').map((v) => v.id)).toEqual(['finance.revenue_reporting']);
    expect(index.holding('customers.churn_risk')).toEqual([]);
  });
});

describe('routing within a certified view', () => {
  it.each<[string, string]>([
    ['in the revenue reporting view, weekly revenue', 'finance.weekly_revenue'],
    ['revenue by month in the revenue reporting view', 'finance.monthly_revenue'],
    ['revenue pack: revenue by payment method', 'finance.revenue_by_payment_method'],
    ['finance reporting - refund rate per month', 'finance.refund_rate_monthly'],
  ])('%s -> %s, every candidate from the view', (question, block) => {
    const d = commerce.router.route(question, { now: NOW });
    const held = new Set(commerce.manifest.views['finance.revenue_reporting']?.blocks);
    expect(d.kind === 'answer' ? d.block : d.kind).toBe(block);
    expect(d.candidates.every((c) => held.has(c.id))).toBe(true);
  });

  it.each<[string, string]>([
    ['orders per day', 'sales.daily_orders'],
    ['top products by revenue', 'catalog.top_products_by_revenue'],
  ])('"%s" answers from %s, but never from outside a view the question names', (question, block) => {
    const plain = commerce.router.route(question, { now: NOW });
    expect(plain.kind === 'answer' ? plain.block : plain.kind).toBe(block);
    const scoped = commerce.router.route(`in the revenue reporting view, ${question}`, { now: NOW });
    expect(scoped.kind).toBe('no-match');
    expect(scoped.candidates.map((c) => c.id)).not.toContain(block);
  });

  it('the same question may pick another block of the view than it picks without it', () => {
    const router = createTier1Router(withViews(commerce.manifest, view('sales.order_desk', 'order desk', ['sales.daily_orders'])));
    const question = 'how many cancellations did we have yesterday';
    const plain = router.route(question, { now: NOW });
    const scoped = router.route(`order desk view: ${question}`, { now: NOW });
    expect(plain.kind === 'answer' ? plain.block : plain.kind).toBe('sales.order_status_breakdown');
    expect(scoped.kind === 'answer' ? scoped.block : scoped.kind).toBe('sales.daily_orders');
  });

  it("a certified view's words are never read as what is asked; a draft view's are", () => {
    const question = 'customer health: how many new customers per month';
    const draft = commerce.router.route(question, { now: NOW });
    expect(draft.kind).not.toBe('answer');
    const certified = withViews(commerce.manifest, view('customers.customer_health', 'customer health', ['customers.new_customers_monthly']));
    const d = createTier1Router(certified).route(question, { now: NOW });
    expect(d.kind === 'answer' ? d.block : d.kind).toBe('customers.new_customers_monthly');
    expect(d.kind === 'answer' ? d.route.parts.map((p) => p.text).join(' ') : '').not.toMatch(/health/);
  });

  it('a view whose receipt went stale scopes nothing', () => {
    const stale = view('sales.order_desk', 'order desk', ['sales.daily_orders'], { sourceSha256: 'sha256:edited' });
    const router = createTier1Router(withViews(commerce.manifest, stale));
    expect(router.views.scope('order desk view: top products by revenue')).toBeUndefined();
  });
});
