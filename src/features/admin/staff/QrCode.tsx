import { useEffect, useState } from 'react';
import { qrPath, QR_QUIET_ZONE } from './qr-path';

/**
 * `text` as a QR code drawn in SVG. The encoder (`qrcode`) loads only when a code is shown: the
 * invitation's last step, never any other page.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [code, setCode] = useState<{ size: number; path: string } | null>(null);

  useEffect(() => {
    let live = true;
    void import('qrcode').then((qrcode) => {
      const { modules } = qrcode.create(text, { errorCorrectionLevel: 'M' });
      if (live) setCode({ size: modules.size, path: qrPath(modules) });
    });
    return () => {
      live = false;
    };
  }, [text]);

  const side = (code?.size ?? 29) + 2 * QR_QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width="200"
      height="200"
      shapeRendering="crispEdges"
      className="rounded border border-slate-300 bg-white"
    >
      <rect width={side} height={side} fill="#fff" />
      {code && <path d={code.path} fill="#000" transform={`translate(${QR_QUIET_ZONE} ${QR_QUIET_ZONE})`} />}
    </svg>
  );
}
