import { randomBytes } from 'node:crypto';
import type { HomePopup } from '../../../contract/types';
import type { HomePopupInput } from '../../../contract/schemas/home-content';
import type { Db } from '../../db';
import { updateHomePopup } from '../../repositories/admin-catalogue';
import { findHomePopup } from '../../repositories/catalogue';
import { recordSiteChange } from '../site/changes';
import { recordAudit, type Actor } from '../staff/audit';
import { change, changedFields, type CatalogueStaff } from './changes';

type PopupWords = Omit<HomePopup, 'campaign'>;

/** A new campaign: short, unguessable enough that two saves never share one. */
function newCampaign(): string {
  return randomBytes(9).toString('base64url');
}

/** The home page's offer pop-up, as staff see it. */
export function readHomePopup(db: Db): Promise<HomePopup> {
  return findHomePopup(db);
}

/**
 * Saves the pop-up. When its words, code, button or link change it is a new campaign, so a
 * visitor who saw the last one sees this one once; switching it off or on keeps the campaign
 * (who saw it need not see it again). Saving what is already stored changes nothing.
 */
export async function saveHomePopup(
  staff: CatalogueStaff,
  actor: Actor,
  input: Required<Omit<HomePopupInput, 'code'>> & { code: string | null },
): Promise<HomePopup> {
  await change(staff, async (trx, at) => {
    const { campaign: _campaign, ...current } = await findHomePopup(trx);
    const next: PopupWords = { ...input };
    const diff = changedFields(current, next);
    if (!diff) return { result: undefined, changed: false };
    const wordsChanged = Object.keys(diff.after).some((key) => key !== 'enabled');
    const campaign = wordsChanged ? newCampaign() : undefined;
    await updateHomePopup(trx, {
      enabled: next.enabled ? 1 : 0,
      title: next.title,
      text: next.text,
      code: next.code,
      button_label: next.button_label,
      link: next.link,
      ...(campaign && { campaign }),
    });
    const only = Object.keys(diff.after);
    const action =
      only.length === 1 && only[0] === 'enabled' ? `popup.${next.enabled ? 'enable' : 'disable'}` : 'popup.update';
    await recordAudit(trx, actor, at, {
      action,
      entity: 'popup',
      entityId: 1,
      before: diff.before,
      after: { ...diff.after, ...(campaign && { campaign }) },
    });
    await recordSiteChange(trx, { home: true }, at);
    return { result: undefined, changed: true };
  });
  return findHomePopup(staff.db);
}
