import { createElement, forwardRef, memo, useId, type ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import renderer, { isReactComponent, renderIsland } from './react-ssr';

function Labelled({ text }: { text: string }): ReactNode {
  const id = useId();
  return createElement('p', { id, 'data-text': text }, text);
}

function Framed({ children, pageFooter }: { children?: ReactNode; pageFooter?: ReactNode }): ReactNode {
  return createElement('section', null, children, pageFooter);
}

describe('isReactComponent', () => {
  test.each([
    ['a function component', Labelled, true],
    ['a memo component', memo(Labelled), true],
    ['a forwardRef component', forwardRef(() => null), true],
    ['a tag name', 'div', false],
    ['nothing', null, false],
    ['a plain object', { render: () => null }, false],
  ])('%s → %s', async (_, component, expected) => {
    expect(isReactComponent(component)).toBe(expected);
    expect(await renderer.check.call({}, component, {}, {})).toBe(expected);
  });
});

describe('renderIsland', () => {
  test('ids made by useId carry the prefix the island hydrates with, one per island of a page', async () => {
    const page = { result: {} };
    const first = await renderIsland.call(page, Labelled, { text: 'one' });
    const second = await renderIsland.call(page, Labelled, { text: 'two' });
    expect(first.attrs).toEqual({ prefix: 's0' });
    expect(second.attrs).toEqual({ prefix: 's1' });
    const idOf = (html: string) => /id="([^"]+)"/.exec(html)?.[1];
    expect(idOf(first.html)).toContain('s0');
    expect(idOf(second.html)).toContain('s1');
    expect(idOf(first.html)).not.toBe(idOf(second.html));
    // Another page counts from the start again.
    expect((await renderIsland.call({ result: {} }, Labelled, { text: 'x' })).attrs.prefix).toBe('s0');
  });

  test('props are rendered as text, and Astro’s class prop is not passed on', async () => {
    const { html } = await renderIsland.call({ result: {} }, Labelled, {
      text: '<img src=x onerror=alert(1)>',
      class: 'astro-xyz',
    });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('astro-xyz');
  });

  test('slots stay Astro HTML inside the island (named ones as camelCase props): astro-slot when it hydrates, astro-static-slot when not', async () => {
    const slots = { default: '<b>inside</b>', 'page-footer': '<i>below</i>' };
    const hydrated = await renderIsland.call({ result: {} }, Framed, {}, slots, {
      astroStaticSlot: true,
      hydrate: 'idle',
    });
    expect(hydrated.html).toBe(
      '<section><astro-slot><b>inside</b></astro-slot><astro-slot name="page-footer"><i>below</i></astro-slot></section>',
    );
    const serverOnly = await renderIsland.call(
      { result: {} },
      Framed,
      {},
      { default: '<b>x</b>' },
      { astroStaticSlot: true },
    );
    expect(serverOnly.html).toBe('<section><astro-static-slot><b>x</b></astro-static-slot></section>');
  });
});
