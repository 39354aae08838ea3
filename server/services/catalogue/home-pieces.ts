import type { AdminBanner, AdminHomeOffer } from '../../../contract/api/admin-catalogue';
import type { Db } from '../../db';
import * as repo from '../../repositories/admin-catalogue';
import type { OrderedTable } from '../../repositories/admin-catalogue';
import { buttonNeedsLink, LINK_FOR_BUTTON } from '../../../contract/schemas/home-content';
import { Invalid, NotFound } from '../errors';
import { recordSiteChange } from '../site/changes';
import { recordAudit, type Actor } from '../staff/audit';
import {
  actionOf,
  change,
  changedFields,
  forgetUnusedFiles,
  hiddenAtFor,
  moveAmongSiblings,
  withUploadedImage,
  type CatalogueStaff,
  type Fields,
} from './changes';

/**
 * The home page's pieces that staff arrange: the slider's banners and the Extra Offers. Both are a
 * picture with words in a place among their kind; one service does both, told apart by a kind that
 * names its table, its audit entity and the fields staff may change (as the back office's
 * `HomePieceCard` draws both).
 */

/** What the service needs to know of one kind of piece. */
interface PieceKind<Row extends { id: number; image: string }, Answer, Input extends Fields> {
  table: OrderedTable & ('banners' | 'home_offers');
  /** The audit entries' entity and the prefix of their actions. */
  entity: 'banner' | 'offer';
  notFound: () => NotFound;
  all(db: Db): Promise<Row[]>;
  find(db: Db, id: number): Promise<Row | undefined>;
  insert(trx: Db, values: Input & { image: string; position: number }): Promise<number>;
  /** Writes `after` (changed words, `hidden` as `hidden_at` from `at`) or a new `image` over `current`. */
  write(trx: Db, id: number, current: Row, at: number, values: { after?: Fields; image?: string }): Promise<void>;
  remove(trx: Db, id: number): Promise<void>;
  /** The words as stored, compared with what staff send. */
  words(row: Row): Fields;
  /** Refuses a change whose words do not hold together once merged with what is stored. */
  check?(current: Fields, next: Fields): void;
  answer(row: Row, position: number): Answer;
}

type BannerWords = { title: string; subtitle: string | null; button_label: string | null; link: string | null };

const BANNERS: PieceKind<repo.BannerRow, AdminBanner, BannerWords> = {
  table: 'banners',
  entity: 'banner',
  notFound: () => new NotFound('No such banner.'),
  all: repo.allBanners,
  find: repo.findBanner,
  insert: repo.insertBanner,
  write: (trx, id, _current, _at, { after, image }) =>
    repo.updateBanner(trx, id, {
      ...(after?.title !== undefined && { title: after.title as string }),
      ...(after && 'subtitle' in after && { subtitle: (after.subtitle as string | null) ?? null }),
      ...(after && 'button_label' in after && { button_label: (after.button_label as string | null) ?? null }),
      ...(after && 'link' in after && { link: (after.link as string | null) ?? null }),
      ...(image !== undefined && { image }),
    }),
  remove: repo.deleteBanner,
  words: (b) => ({ title: b.title, subtitle: b.subtitle, button_label: b.button_label, link: b.link }),
  // A change may give the button's words while the link stays as stored: the pair is checked as it would be saved.
  check: (current, next) => {
    const button = next.button_label === undefined ? current.button_label : next.button_label;
    const link = next.link === undefined ? current.link : next.link;
    if (buttonNeedsLink(button as string | null, link as string | null))
      throw new Invalid(LINK_FOR_BUTTON, { errors: { link: [LINK_FOR_BUTTON] } });
  },
  answer: (b, position) => ({
    id: b.id,
    title: b.title,
    subtitle: b.subtitle,
    image: b.image,
    button_label: b.button_label,
    link: b.link,
    position,
  }),
};

const OFFERS: PieceKind<repo.HomeOfferRow, AdminHomeOffer, { title: string; text: string; search: string }> = {
  table: 'home_offers',
  entity: 'offer',
  notFound: () => new NotFound('No such offer.'),
  all: repo.allHomeOffers,
  find: repo.findHomeOffer,
  insert: repo.insertHomeOffer,
  write: (trx, id, current, at, { after, image }) =>
    repo.updateHomeOffer(trx, id, {
      ...(after?.title !== undefined && { title: after.title as string }),
      ...(after?.text !== undefined && { text: after.text as string }),
      ...(after?.search !== undefined && { search: after.search as string }),
      ...(after &&
        'hidden' in after && {
          hidden_at: hiddenAtFor(after.hidden as boolean, current.hidden_at, at),
        }),
      ...(image !== undefined && { image }),
    }),
  remove: repo.deleteHomeOffer,
  words: (o) => ({ title: o.title, text: o.text, search: o.search, hidden: o.hidden_at !== null }),
  answer: (o, position) => ({
    id: o.id,
    title: o.title,
    text: o.text,
    image: o.image,
    search: o.search,
    position,
    hidden: o.hidden_at !== null,
  }),
};

/** The service of one kind of piece: list, create, change, replace the picture, remove. */
function homePieces<Row extends { id: number; image: string }, Answer, Input extends Fields>(
  kind: PieceKind<Row, Answer, Input>,
) {
  const { entity } = kind;

  /** Every piece of the kind, in the home page's order. */
  async function list(db: Db): Promise<Answer[]> {
    return (await kind.all(db)).map((row, i) => kind.answer(row, i + 1));
  }

  async function answerFor(db: Db, id: number): Promise<Answer> {
    const rows = await kind.all(db);
    const index = rows.findIndex((row) => row.id === id);
    const row = rows[index];
    if (!row) throw kind.notFound();
    return kind.answer(row, index + 1);
  }

  /** A new piece with its picture, last among its kind. */
  async function create(staff: CatalogueStaff, actor: Actor, input: Input, file: Blob): Promise<Answer> {
    const id = await withUploadedImage(staff, file, (image) =>
      change(staff, async (trx, at) => {
        const position = await repo.nextPosition(trx, kind.table, null);
        const pieceId = await kind.insert(trx, { ...input, image, position });
        await recordAudit(trx, actor, at, {
          action: `${entity}.create`,
          entity,
          entityId: pieceId,
          after: { ...input, image },
        });
        await recordSiteChange(trx, { home: true }, at);
        return { result: pieceId, changed: true };
      }),
    );
    return answerFor(staff.db, id);
  }

  /** Changes a piece's words, its place, or (offers) hides it from the home page. */
  async function update(
    staff: CatalogueStaff,
    actor: Actor,
    id: number,
    input: Partial<Input> & { position?: number; hidden?: boolean },
  ): Promise<Answer> {
    await change(staff, async (trx, at) => {
      const current = await kind.find(trx, id);
      if (!current) throw kind.notFound();
      const { position, ...fields } = input;
      kind.check?.(kind.words(current), fields);
      const diff = changedFields(kind.words(current), fields) ?? { before: {}, after: {} };
      if (Object.keys(diff.after).length) await kind.write(trx, id, current, at, { after: diff.after });
      if (position !== undefined) {
        const moved = await moveAmongSiblings(trx, kind.table, null, id, position);
        if (moved) {
          diff.before.position = moved.from;
          diff.after.position = moved.to;
        }
      }
      if (Object.keys(diff.after).length === 0) return { result: undefined, changed: false };
      await recordAudit(trx, actor, at, { action: actionOf(entity, diff.after), entity, entityId: id, ...diff });
      await recordSiteChange(trx, { home: true }, at);
      return { result: undefined, changed: true };
    });
    return answerFor(staff.db, id);
  }

  /** Replaces a piece's picture (the old file goes once nothing names it). */
  async function replaceImage(staff: CatalogueStaff, actor: Actor, id: number, file: Blob): Promise<Answer> {
    if (!(await kind.find(staff.db, id))) throw kind.notFound();
    const old = await withUploadedImage(staff, file, (image) =>
      change(staff, async (trx, at) => {
        const current = await kind.find(trx, id);
        if (!current) throw kind.notFound();
        await kind.write(trx, id, current, at, { image });
        await recordAudit(trx, actor, at, {
          action: `${entity}.update`,
          entity,
          entityId: id,
          before: { image: current.image },
          after: { image },
        });
        await recordSiteChange(trx, { home: true }, at);
        return { result: current.image, changed: true };
      }),
    );
    await forgetUnusedFiles(staff, [old]);
    return answerFor(staff.db, id);
  }

  /** Removes a piece; the rest of its kind close up. */
  async function remove(staff: CatalogueStaff, actor: Actor, id: number): Promise<void> {
    const image = await change(staff, async (trx, at) => {
      const current = await kind.find(trx, id);
      if (!current) throw kind.notFound();
      await kind.remove(trx, id);
      await repo.writePositions(trx, kind.table, await repo.siblingIds(trx, kind.table, null));
      const { hidden: _hidden, ...words } = kind.words(current);
      await recordAudit(trx, actor, at, {
        action: `${entity}.delete`,
        entity,
        entityId: id,
        before: { ...words, image: current.image },
      });
      await recordSiteChange(trx, { home: true }, at);
      return { result: current.image, changed: true };
    });
    await forgetUnusedFiles(staff, [image]);
  }

  return { list, create, update, replaceImage, remove };
}

/** The home page slider's banners. */
export const banners = homePieces(BANNERS);

/** The home page's Extra Offers. */
export const homeOffers = homePieces(OFFERS);
