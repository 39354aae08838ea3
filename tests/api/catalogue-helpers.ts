import { beforeAll, expect } from 'vitest';
import type { StaffRole } from '../../contract/staff';
import type { CallOptions, TestApp, TestResponse } from './helpers';
import { staffOfEachRole, type SignedInStaff } from './staff-helpers';

/** The back office's catalogue path `p` (from its first slash). */
export const catalogueAdmin = (p: string) => `/api/admin/catalogue${p}`;

/** How the catalogue desk's tests call it: one signed-in member of each role, made in the file's beforeAll. */
export interface CatalogueDesk {
  /** Filled in beforeAll. */
  staff: Record<StaffRole, SignedInStaff>;
  /** A call to the catalogue desk as `role`. */
  as(role: StaffRole, method: string, p: string, options?: CallOptions): Promise<TestResponse>;
  /** A call as the manager that must answer `status`; answers the body. */
  ok<T = Record<string, unknown>>(method: string, p: string, options?: CallOptions, status?: number): Promise<T>;
}

export function catalogueDesk(t: TestApp): CatalogueDesk {
  const staff = {} as Record<StaffRole, SignedInStaff>;
  beforeAll(async () => {
    Object.assign(staff, await staffOfEachRole(t));
  });
  const as = (role: StaffRole, method: string, p: string, options: CallOptions = {}) =>
    t.call(method, catalogueAdmin(p), { ...options, token: staff[role].token });
  async function ok<T>(method: string, p: string, options: CallOptions = {}, status = 200): Promise<T> {
    const res = await as('manager', method, p, options);
    expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as T;
  }
  return { staff, as, ok };
}
