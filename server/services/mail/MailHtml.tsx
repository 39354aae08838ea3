/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma above: tsconfig.json's JSX settings cover src/ only, and tsx, which runs the server,
// would otherwise compile this file's JSX to React.createElement with no React in scope.)
/**
 * The HTML part of an e-mail, as React components rendered to a string (react-dom/server escapes
 * every text and attribute). Tables with inline styles and no images, scripts or remote resources:
 * mail clients strip <style> blocks and block remote content, and a message must read the same in
 * all of them, down to a 360 px phone.
 */
import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatPaise } from '../../../contract/format';
import { SHOP_NAME } from '../../../contract/shop';
import { lineAmount, plain, type Block, type Inline, type OrderMailItem } from './mail-blocks';

const COLOURS = {
  page: '#f3f5f4',
  card: '#ffffff',
  brand: '#17704a',
  ink: '#253d4e',
  muted: '#5b6b79',
  rule: '#e3e8e6',
};
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif";
const CELL: CSSProperties = { padding: '10px 0', borderTop: `1px solid ${COLOURS.rule}`, verticalAlign: 'top' };
const SMALL: CSSProperties = { fontSize: 13, color: COLOURS.muted };

/** A layout table: no spacing of its own, announced as layout to screen readers. */
function Layout({ style, width, children }: { style?: CSSProperties; width?: string; children: React.ReactNode }) {
  return (
    <table role="presentation" width={width} cellPadding={0} cellSpacing={0} border={0} style={style}>
      <tbody>{children}</tbody>
    </table>
  );
}

function InlinePart({ part }: { part: Inline }) {
  if (typeof part === 'string') return <>{plain(part)}</>;
  return (
    <a href={plain(part.href)} style={{ color: COLOURS.brand }}>
      {plain(part.text)}
    </a>
  );
}

function Small({ children }: { children: React.ReactNode }) {
  return (
    <>
      <br />
      <span style={SMALL}>{children}</span>
    </>
  );
}

// Two columns, not three: on a 360 px phone a separate quantity column left product names four
// words to a line; the quantity sits under the name with the price of one instead.
function Items({ items, totalPaise }: { items: readonly OrderMailItem[]; totalPaise: number }) {
  const head: CSSProperties = { padding: '0 0 6px', fontSize: 13, fontWeight: 'normal', color: COLOURS.muted };
  const total: CSSProperties = { padding: '10px 0 0', borderTop: `2px solid ${COLOURS.ink}`, fontWeight: 'bold' };
  return (
    <table
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ borderCollapse: 'collapse', margin: '0 0 20px', fontSize: 15, color: COLOURS.ink }}
    >
      <tbody>
        <tr>
          <th scope="col" align="left" style={head}>
            Item
          </th>
          <th scope="col" align="right" style={{ ...head, width: 96 }}>
            Amount
          </th>
        </tr>
        {items.map((item, i) => (
          <tr key={i}>
            <td style={{ ...CELL, paddingRight: 12, wordBreak: 'break-word' }}>
              <strong>{plain(item.name)}</strong>
              {item.variant ? <Small>{plain(item.variant)}</Small> : null}
              <Small>{`Qty ${item.quantity} × ${formatPaise(item.unitPricePaise)}`}</Small>
            </td>
            <td align="right" style={{ ...CELL, whiteSpace: 'nowrap' }}>
              {formatPaise(lineAmount(item))}
            </td>
          </tr>
        ))}
        <tr>
          <td style={total}>Total</td>
          <td align="right" style={{ ...total, whiteSpace: 'nowrap' }}>
            {formatPaise(totalPaise)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function MailBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'heading':
      return (
        <h1 style={{ margin: '0 0 16px', fontSize: 22, lineHeight: 1.3, color: COLOURS.ink }}>{plain(block.text)}</h1>
      );
    case 'paragraph':
      return (
        <p style={{ margin: '0 0 16px' }}>
          {block.parts.map((part, i) => (
            <InlinePart key={i} part={part} />
          ))}
        </p>
      );
    case 'facts':
      // Label above value, not beside it: a long address keeps the full width of a phone.
      return (
        <Layout width="100%" style={{ margin: '0 0 8px' }}>
          {block.rows.map((row, i) => (
            <tr key={i}>
              <td style={{ padding: '0 0 12px' }}>
                <div style={SMALL}>{plain(row.label)}</div>
                <div style={{ wordBreak: 'break-word' }}>{plain(row.value)}</div>
              </td>
            </tr>
          ))}
        </Layout>
      );
    case 'items':
      return <Items items={block.items} totalPaise={block.totalPaise} />;
    case 'button':
      return (
        <Layout style={{ margin: '4px 0 24px' }}>
          <tr>
            <td style={{ borderRadius: 6, background: COLOURS.brand }}>
              <a
                href={plain(block.href)}
                style={{
                  display: 'inline-block',
                  padding: '12px 22px',
                  fontWeight: 'bold',
                  color: '#ffffff',
                  textDecoration: 'none',
                }}
              >
                {plain(block.label)}
              </a>
            </td>
          </tr>
        </Layout>
      );
  }
}

interface MailDocumentProps {
  subject: string;
  /** The line a mail client previews beside the subject (hidden in the message itself). */
  preview: string;
  blocks: Block[];
}

function MailDocument({ subject, preview, blocks }: MailDocumentProps) {
  return (
    <html lang="en-IN" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{plain(subject)}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: COLOURS.page }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden', opacity: 0 }}>{plain(preview)}</div>
        <Layout width="100%" style={{ background: COLOURS.page }}>
          <tr>
            <td align="center" style={{ padding: '16px 8px' }}>
              <Layout
                width="100%"
                style={{
                  maxWidth: 600,
                  background: COLOURS.card,
                  borderRadius: 8,
                  fontFamily: FONT,
                  fontSize: 15,
                  lineHeight: 1.5,
                  color: COLOURS.ink,
                }}
              >
                <tr>
                  <td
                    style={{
                      padding: '16px 20px',
                      background: COLOURS.brand,
                      borderRadius: '8px 8px 0 0',
                      fontSize: 20,
                      fontWeight: 'bold',
                      color: '#ffffff',
                    }}
                  >
                    {SHOP_NAME}
                  </td>
                </tr>
                <tr>
                  <td style={{ padding: '24px 20px 8px' }}>
                    {blocks.map((block, i) => (
                      <MailBlock key={i} block={block} />
                    ))}
                    <p style={{ margin: '0 0 8px', color: COLOURS.muted }}>— {SHOP_NAME}</p>
                  </td>
                </tr>
              </Layout>
            </td>
          </tr>
        </Layout>
      </body>
    </html>
  );
}

/** The whole HTML part of an e-mail. */
export function mailHtml(props: MailDocumentProps): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<MailDocument {...props} />)}`;
}
