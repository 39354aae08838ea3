import type { AdminHomeOffer } from '../../../../contract/api/admin-catalogue';
import { offerCreateSchema, offerUpdateSchema } from '../../../../contract/schemas/admin-catalogue';
import { validate } from '../../../../contract/schemas/common';
import { changeOffer, createOffer, deleteOffer, getAdminOffers, replaceOfferPicture } from './catalogue-api';
import type { HomePiecesConfig } from './home-piece-fields';
import { HomePiecesSection } from './HomePiecesSection';

const OFFERS: HomePiecesConfig<AdminHomeOffer> = {
  heading: 'Extra offers',
  intro: 'The home page’s Extra Offers, in this order; a hidden one is kept for later.',
  noun: 'offer',
  fields: [
    { name: 'title', label: 'Title' },
    { name: 'text', label: 'What the offer is' },
    { name: 'search', label: 'Shop Now searches for' },
  ],
  load: getAdminOffers,
  valueOf: (offer, field) => (field === 'title' ? offer.title : field === 'text' ? offer.text : offer.search),
  checkNew: (values) => validate(offerCreateSchema, values),
  create: (values, picture) =>
    createOffer({ title: values.title ?? '', text: values.text ?? '', search: values.search ?? '' }, picture),
  actionsFor: (offer) => ({
    check: (values) => validate(offerUpdateSchema, values),
    save: (change) => changeOffer(offer.id, change),
    move: (position) => changeOffer(offer.id, { position }),
    replacePicture: (picture) => replaceOfferPicture(offer.id, picture),
    remove: () => deleteOffer(offer.id),
    setHidden: (hidden) => changeOffer(offer.id, { hidden }),
  }),
  deleteText: 'It leaves the home page’s Extra Offers.',
  addedText: 'Offer added, last among the Extra Offers.',
};

/** The home page's Extra Offers: in their order, each edited, moved, hidden, given a new picture or deleted; and a new one. */
export function OffersSection({ readOnly }: { readOnly: boolean }) {
  return <HomePiecesSection config={OFFERS} readOnly={readOnly} />;
}
