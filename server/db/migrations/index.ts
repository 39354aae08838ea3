import type { Migration, MigrationProvider } from 'kysely';
import { catalogue } from './0001-catalogue';
import { accounts } from './0002-accounts';
import { buying } from './0003-buying';
import { contactMessages } from './0004-contact-messages';
import { orderItemVariant } from './0005-order-item-variant';
import { storedPictures } from './0006-stored-pictures';
import { catalogueVersion } from './0007-catalogue-version';
import { orderLifecycle } from './0008-order-lifecycle';
import { staff } from './0009-staff';
import { backOffice } from './0010-back-office';
import { homeOffers } from './0011-home-offers';
import { images } from './0012-images';
import { importChecks } from './0013-import-checks';
import { invoiceRepair } from './0014-invoice-repair';
import { refundApprovals } from './0015-refund-approvals';
import { packing } from './0016-packing';
import { homeContent } from './0017-home-content';
import { stockHistory } from './0018-stock-history';
import { search } from './0019-search';
import { synonymsVersion } from './0020-synonyms-version';
import { stockFlips } from './0021-stock-flips';
import { productRatings } from './0022-product-ratings';
import { reviewReplies } from './0023-review-replies';

/** Every migration in order; names sort in the order they must run. */
const migrations: Record<string, Migration> = {
  '0001-catalogue': catalogue,
  '0002-accounts': accounts,
  '0003-buying': buying,
  '0004-contact-messages': contactMessages,
  '0005-order-item-variant': orderItemVariant,
  '0006-stored-pictures': storedPictures,
  '0007-catalogue-version': catalogueVersion,
  '0008-order-lifecycle': orderLifecycle,
  '0009-staff': staff,
  '0010-back-office': backOffice,
  '0011-home-offers': homeOffers,
  '0012-images': images,
  '0013-import-checks': importChecks,
  '0014-invoice-repair': invoiceRepair,
  '0015-refund-approvals': refundApprovals,
  '0016-packing': packing,
  '0017-home-content': homeContent,
  '0018-stock-history': stockHistory,
  '0019-search': search,
  '0020-synonyms-version': synonymsVersion,
  '0021-stock-flips': stockFlips,
  '0022-product-ratings': productRatings,
  '0023-review-replies': reviewReplies,
};

/** Hands Kysely's migrator the migrations compiled into the server (no directory scan). */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
