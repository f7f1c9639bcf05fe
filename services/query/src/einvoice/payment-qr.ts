import QRCode from 'qrcode';

/**
 * The EPC QR code (GiroCode) as an SVG string the templates draw (lib.typ `payment-qr`). EPC069-12 asks for error
 * correction level M. The 4-module white quiet zone is part of the image, so the code scans on any template's
 * background. Typst cannot fetch a QR package offline, so the code is made here.
 */
export function paymentQrSvg(payload: string): string {
  let svg = '';
  // toString with a callback runs synchronously for SVG; the promise form would make every caller async.
  QRCode.toString(
    payload,
    { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } },
    (error, result) => {
      if (error) throw error;
      svg = result;
    },
  );
  if (!svg) throw new Error('The QR code could not be made');
  return svg;
}
