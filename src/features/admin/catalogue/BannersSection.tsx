import type { AdminBanner } from '../../../../contract/api/admin-catalogue';
import { bannerCreateSchema, bannerUpdateSchema } from '../../../../contract/schemas/admin-catalogue';
import { validate } from '../../../../contract/schemas/common';
import { changeBanner, createBanner, deleteBanner, getAdminBanners, replaceBannerPicture } from './catalogue-api';
import { HomePiecesSection, type HomePiecesConfig } from './HomePiecesSection';

const BANNERS: HomePiecesConfig<AdminBanner> = {
  heading: 'Banners',
  intro: 'The home page’s slider, in this order.',
  noun: 'banner',
  fields: [
    { name: 'title', label: 'Title' },
    { name: 'subtitle', label: 'Subtitle (optional)' },
  ],
  load: getAdminBanners,
  valueOf: (banner, field) => (field === 'title' ? banner.title : (banner.subtitle ?? '')),
  checkNew: (values) => validate(bannerCreateSchema, values),
  create: (values, picture) => createBanner({ title: values.title ?? '', subtitle: values.subtitle ?? '' }, picture),
  actionsFor: (banner) => ({
    check: (values) => validate(bannerUpdateSchema, values),
    save: (change) => changeBanner(banner.id, change),
    move: (position) => changeBanner(banner.id, { position }),
    replacePicture: (picture) => replaceBannerPicture(banner.id, picture),
    remove: () => deleteBanner(banner.id),
  }),
  deleteText: "It leaves the home page's slider.",
  addedText: 'Banner added, last in the slider.',
};

/** The home page's banners: in slider order, each edited, moved, given a new picture or deleted; and a new one. */
export function BannersSection({ readOnly }: { readOnly: boolean }) {
  return <HomePiecesSection config={BANNERS} readOnly={readOnly} />;
}
