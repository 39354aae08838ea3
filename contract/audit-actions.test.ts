import { describe, expect, test } from 'vitest';
import { actionLabel, actionsOfGroup, AUDIT_KINDS, auditFieldLabel } from './audit-actions';
import { AuditQuery } from './schemas/staff';

describe('action labels', () => {
  test.each([
    ['stock.set', undefined, 'Stock set'],
    ['stock.change', 'variant', 'Stock changed'],
    ['order.move', 'order', 'Order moved'],
    ['catalogue.write', 'route', 'Refused: Edit the catalogue'],
    ['coupon.mass_expire', 'coupon', 'Coupon mass expire'],
    ['', 'x', 'Unknown action'],
  ])('%s (%s) → %s', (action, entity, label) => {
    expect(actionLabel(action, entity)).toBe(label);
  });
});

test.each([
  ['final_price', 'Final price'],
  ['on_hand', 'Stock'],
  ['pack_size', 'Pack size'],
])('field %s → %s', (field, label) => {
  expect(auditFieldLabel(field)).toBe(label);
});

test('groups hold their actions; refusals are found by outcome', () => {
  expect(actionsOfGroup('stock')).toEqual(['stock.set', 'stock.change']);
  expect(actionsOfGroup('orders')).toEqual(['order.move', 'order.note']);
  expect(actionsOfGroup('refused')).toEqual([]);
  expect(AUDIT_KINDS).toContain('catalogue');
  expect(AUDIT_KINDS).toContain('variant.update');
});

describe('the audit query', () => {
  test.each([
    [{ staff_id: '3', kind: 'stock', from: '2026-11-01', to: '2026-11-27' }, true],
    [{ kind: 'order.move' }, true],
    [{ staff_id: 'abc' }, false],
    [{ staff_id: '0' }, false],
    [{ kind: 'drop table' }, false],
    [{ from: '2026-02-30' }, false],
    [{ to: '27-11-2026' }, false],
    [{ from: '2026-11-28', to: '2026-11-27' }, false],
  ])('%o → %s', (query, ok) => {
    expect(AuditQuery.safeParse(query).success).toBe(ok);
  });
});
