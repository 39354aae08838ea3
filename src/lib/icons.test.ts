import { describe, expect, test } from 'vitest';
import { ICON_PATHS, iconSvg, type IconName } from './icons';

describe('iconSvg', () => {
  test.each(Object.keys(ICON_PATHS) as IconName[])('%s draws its path, hidden from assistive technology', (name) => {
    const svg = iconSvg(name);
    expect(svg).toContain(`<path d="${ICON_PATHS[name]}"></path>`);
    expect(svg).toContain('aria-hidden="true"');
    expect(svg).not.toContain('role=');
    expect(svg).toMatch(/^<svg class="h-5 w-5" viewBox="0 0 24 24"[^>]*focusable="false">/);
  });

  test('a labelled icon is an image with that name, escaped', () => {
    const svg = iconSvg('cart', 'h-4 w-4', 'Cart "full" <3 & more');
    expect(svg).toContain('role="img" aria-label="Cart &quot;full&quot; &lt;3 &amp; more"');
    expect(svg).not.toContain('aria-hidden');
    expect(svg).toContain('class="h-4 w-4"');
  });
});
