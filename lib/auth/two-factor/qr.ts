import QRCode from "qrcode";

/**
 * The QR code of an otpauth:// URI as an SVG data URL, made on the server: the page needs
 * no script for it, and the console's CSP already allows `data:` images (and nothing inline).
 */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#000000", light: "#ffffff" } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
