import type { AdminBanner } from '../../../../contract/api/admin-catalogue';
import { bannerCreateSchema, bannerUpdateSchema } from '../../../../contract/schemas/admin-catalogue';
import { validate } from '../../../../contract/schemas/common';
import { BANNER_HEADLINE_MAX, BANNER_TEXT_MAX, BUTTON_LABEL_MAX } from '../../../../contract/schemas/home-content';
import { changeBanner, createBanner, deleteBanner, getAdminBanners, replaceBannerPicture } from './catalogue-api';
import type { HomePiecesConfig } from './home-piece-fields';
import { HomePiecesSection } from './HomePiecesSection';

/** A banner's words as the form holds them: the API's names, '' for none. */
const valueOf = (banner: AdminBanner, field: string): string => {
  switch (field) {
    case 'title':
      return banner.title;
    case 'subtitle':
      return banner.subtitle ?? '';
    case 'button_label':
      return banner.button_label ?? '';
    default:
      return banner.link ?? '';
  }
};

const BANNERS: HomePiecesConfig<AdminBanner> = {
  heading: 'Banners',
  intro:
    'The home page’s slider, in this order. The headline, text and button are written over the picture, so the picture itself should carry no words.',
  noun: 'banner',
  fields: [
    { name: 'title', label: 'Headline', hint: `At most ${BANNER_HEADLINE_MAX} characters.` },
    { name: 'subtitle', label: 'Text (optional)', hint: `A line under the headline, at most ${BANNER_TEXT_MAX}.` },
    { name: 'button_label', label: 'Button label (optional)', hint: `Such as Shop Now; at most ${BUTTON_LABEL_MAX}.` },
    {
      name: 'link',
      label: 'Link (optional)',
      hint: 'Where the banner leads: a path of this shop (such as /productslisting) or an https:// address. Needed with a button.',
    },
  ],
  load: getAdminBanners,
  valueOf,
  checkNew: (values) => validate(bannerCreateSchema, values),
  create: (values, picture) =>
    createBanner(
      {
        title: values.title ?? '',
        subtitle: values.subtitle ?? '',
        button_label: values.button_label ?? '',
        link: values.link ?? '',
      },
      picture,
    ),
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
