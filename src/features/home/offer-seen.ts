/**
 * The home page's offer pop-up shows at most once per visitor per campaign. The page is static, so
 * the choice is made in the browser, before the pop-up is drawn: this script, written inline just
 * above the pop-up, compares the campaign it names (`data-campaign`) with the one the browser
 * keeps (`data-key` in localStorage). Seen already: it marks the page (OFFER_SEEN_ATTRIBUTE on
 * <html>), whose CSS keeps the pop-up from ever being drawn; else it notes the campaign as seen.
 * A module script would run after the first paint, too late not to flash it. Its text is fixed,
 * so the page's Content-Security-Policy allows it by its hash (integrations/content-security-policy.ts);
 * where localStorage is refused the pop-up shows, as it always did.
 */
export const OFFER_SEEN_ATTRIBUTE = 'data-offer-seen';

export const OFFER_SEEN_SCRIPT = `try{var s=document.currentScript,k=s.dataset.key,c=s.dataset.campaign;if(localStorage.getItem(k)===c)document.documentElement.setAttribute('${OFFER_SEEN_ATTRIBUTE}','');else localStorage.setItem(k,c)}catch(e){}`;
