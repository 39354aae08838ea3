import { expect, test } from 'vitest';
import { readOnlyText, rolesWith } from './read-only';

test.each([
  ['catalogue.write', 'Owners and managers'],
  ['audit.read', 'Owners'],
  ['orders.write', 'Owners, managers and support staff'],
] as const)('%s is held by %s', (permission, roles) => {
  expect(rolesWith(permission)).toBe(roles);
});

test('the note names the permission in words', () => {
  expect(readOnlyText('catalogue.write')).toBe(
    'You can view this page; changing it needs the “Edit the catalogue” permission. Owners and managers have it.',
  );
});
