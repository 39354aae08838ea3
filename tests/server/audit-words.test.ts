import { describe, expect, test } from 'vitest';
import { NAMED_TABLES, type AuditNames } from '../../server/repositories/audit-log';
import { auditWords, namesWanted, type AuditFacts } from '../../server/services/staff/audit-words';

function names(found: Partial<Record<keyof AuditNames, Record<number, string>>> = {}): AuditNames {
  return Object.fromEntries(
    NAMED_TABLES.map((t) => [t, new Map(Object.entries(found[t] ?? {}).map(([id, name]) => [Number(id), name]))]),
  ) as AuditNames;
}

const NAMES = names({
  variants: { 7: 'Tiffin Box Large', 9: 'Steel Tumbler 300 ml' },
  products: { 3: 'Tiffin Box' },
  subcategories: { 4: 'Lunch boxes' },
  categories: { 2: 'Kitchen' },
  staff: { 5: 'Ravi Manager', 1: 'Meera Iyer' },
  reviews: { 12: 'Steel Tumbler' },
  images: { 30: 'Tiffin Box Large' },
  offers: { 6: 'Diwali sale' },
});

function entry(fields: Partial<AuditFacts> & Pick<AuditFacts, 'action' | 'entity'>): AuditFacts {
  return { entity_id: null, before: null, after: null, outcome: 'done', note: null, ...fields };
}

describe('an entry in one line', () => {
  test.each<[string, AuditFacts, string]>([
    [
      'a price',
      entry({
        action: 'variant.update',
        entity: 'variant',
        entity_id: '7',
        before: { final_price: 649 },
        after: { final_price: 629 },
      }),
      'Final price of Tiffin Box Large: ₹649 → ₹629',
    ],
    [
      'stock',
      entry({
        action: 'stock.set',
        entity: 'variant',
        entity_id: '9',
        before: { on_hand: 18 },
        after: { on_hand: 20 },
      }),
      'Stock of Steel Tumbler 300 ml: 18 → 20',
    ],
    [
      'an order moved',
      entry({
        action: 'order.move',
        entity: 'order',
        entity_id: '53',
        before: { state: 'paid' },
        after: { state: 'packed' },
      }),
      'Order #53: paid → packed',
    ],
    [
      'an invitation',
      entry({
        action: 'staff.invite',
        entity: 'staff_invite',
        entity_id: '2',
        after: { email: 'priya@example.com', role: 'manager' },
      }),
      'Invited priya@example.com as manager',
    ],
    [
      'a refused invitation',
      entry({
        action: 'staff.invite',
        entity: 'staff_invite',
        outcome: 'denied',
        after: { email: 'priya@example.com', role: 'owner' },
      }),
      'Invitation of priya@example.com as owner refused',
    ],
    [
      'a role change',
      entry({
        action: 'staff.change',
        entity: 'staff',
        entity_id: '5',
        before: { role: 'manager', disabled_at: null },
        after: { role: 'support', disabled_at: null },
      }),
      'Role of Ravi Manager: Manager → Support',
    ],
    [
      'an account disabled',
      entry({
        action: 'staff.change',
        entity: 'staff',
        entity_id: '5',
        before: { role: 'support', disabled_at: null },
        after: { role: 'support', disabled_at: '2026-11-27T10:00:00.000Z' },
      }),
      'Disabled Ravi Manager',
    ],
    [
      'several fields at once',
      entry({
        action: 'variant.update',
        entity: 'variant',
        entity_id: '7',
        before: { price: 700, final_price: 649 },
        after: { price: 720, final_price: 629 },
      }),
      'Tiffin Box Large: price and final price changed',
    ],
    [
      'a product hidden',
      entry({
        action: 'product.hide',
        entity: 'product',
        entity_id: '3',
        before: { hidden: false },
        after: { hidden: true },
      }),
      'Hid product Tiffin Box',
    ],
    [
      'a subcategory added',
      entry({
        action: 'subcategory.create',
        entity: 'subcategory',
        entity_id: '4',
        after: { category_id: 2, name: 'Lunch boxes' },
      }),
      'Added subcategory Lunch boxes to Kitchen',
    ],
    [
      'a deleted variant, named from the record kept in the log',
      entry({ action: 'variant.delete', entity: 'variant', entity_id: '99', before: { product_id: 3, name: 'Small' } }),
      'Removed variant Small',
    ],
    [
      'a picture moved',
      entry({
        action: 'image.move',
        entity: 'variant_image',
        entity_id: '30',
        before: { position: 1 },
        after: { position: 0 },
      }),
      'Moved a picture of Tiffin Box Large: place 2 → 1',
    ],
    [
      'a review hidden',
      entry({
        action: 'review.hide',
        entity: 'review',
        entity_id: '12',
        before: { hidden: false },
        after: { hidden: true, reason: 'Abusive' },
      }),
      'Hid Review #12 of Steel Tumbler: Abusive',
    ],
    [
      'refund limits',
      entry({
        action: 'refund.limits',
        entity: 'refund_limits',
        before: { support: 5000, manager: null },
        after: { support: 2000, manager: null },
      }),
      'Refund limits: Support’s refund limit ₹5,000 → ₹2,000',
    ],
    [
      'a refund asked for',
      entry({
        action: 'refund.request',
        entity: 'order',
        entity_id: '53',
        after: { refund_request: 4, amount: '₹1,499', state: 'paid' },
      }),
      'Refund of ₹1,499 asked for on Order #53',
    ],
    [
      'a refused call',
      entry({ action: 'audit.read', entity: 'route', entity_id: 'GET /api/admin/audit', outcome: 'denied' }),
      'Refused: Read the audit log (GET /api/admin/audit)',
    ],
    [
      'a refused sign-in',
      entry({ action: 'staff.login', entity: 'staff', entity_id: '1', outcome: 'denied', note: 'wrong code' }),
      'Sign-in as Meera Iyer refused',
    ],
    [
      'an offer hidden',
      entry({
        action: 'offer.hide',
        entity: 'offer',
        entity_id: '6',
        before: { hidden: false },
        after: { hidden: true },
      }),
      'Hid offer Diwali sale',
    ],
    [
      'an action the table does not know',
      entry({
        action: 'coupon.expire',
        entity: 'coupon',
        entity_id: '8',
        before: { active: true },
        after: { active: false },
      }),
      'Active of coupon #8: Yes → No',
    ],
  ])('%s', (_what, facts, summary) => {
    expect(auditWords(facts, NAMES).summary).toBe(summary);
  });
});

describe('changes in words', () => {
  test('rupees from the recorded rupees, names for ids, yes and no, and unchanged fields left out', () => {
    const words = auditWords(
      entry({
        action: 'product.update',
        entity: 'product',
        entity_id: '3',
        before: { subcategory_id: 4, popular: false, gst_rate: 12, name: 'Tiffin Box' },
        after: { subcategory_id: 99, popular: true, gst_rate: 18, name: 'Tiffin Box' },
      }),
      NAMES,
    );
    expect(words.record_name).toBe('Tiffin Box');
    expect(words.action_label).toBe('Product changed');
    expect(words.changes).toEqual([
      { field: 'Subcategory', before: 'Lunch boxes', after: '#99' },
      { field: 'Popular', before: 'No', after: 'Yes' },
      { field: 'GST rate', before: '12%', after: '18%' },
    ]);
  });

  test('a new record has nothing before; a long text is cut to one line', () => {
    const words = auditWords(
      entry({
        action: 'category.create',
        entity: 'category',
        entity_id: '77',
        after: { name: `Pooja\nitems ${'x'.repeat(200)}` },
      }),
      NAMES,
    );
    expect(words.changes).toHaveLength(1);
    expect(words.changes[0]!.before).toBe('—');
    expect(words.changes[0]!.after).toMatch(/^Pooja items x+…$/);
    expect(words.changes[0]!.after.length).toBe(120);
    expect(words.summary).not.toContain('\n');
  });

  test('an unknown record of a known kind is named by its number', () => {
    expect(auditWords(entry({ action: 'stock.set', entity: 'variant', entity_id: '404' }), NAMES).record_name).toBe(
      'Variant #404',
    );
  });
});

test('the ids a page needs named: its records and the records its fields point at, once each', () => {
  const wanted = namesWanted([
    entry({ action: 'stock.set', entity: 'variant', entity_id: '7' }),
    entry({ action: 'variant.update', entity: 'variant', entity_id: '7' }),
    entry({
      action: 'product.update',
      entity: 'product',
      entity_id: '3',
      before: { subcategory_id: 4 },
      after: { subcategory_id: 5 },
    }),
    entry({ action: 'staff.join', entity: 'staff', entity_id: '5', after: { invited_by: 1 } }),
    entry({ action: 'order.move', entity: 'order', entity_id: '53' }),
  ]);
  expect([...wanted.variants]).toEqual([7]);
  expect([...wanted.products]).toEqual([3]);
  expect([...wanted.subcategories]).toEqual([4, 5]);
  expect([...wanted.staff].sort()).toEqual([1, 5]);
});
