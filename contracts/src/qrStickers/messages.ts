/** Texts of Resources > QR Sticker and of the sign-in by sticker (spec 3, QR Sticker generator; spec 1, `?asn=`). */
export const QR_STICKERS = {
  title: 'QR Sticker',
  size: 'Size',
  color: 'Color',
  quantity: 'Quantity',
  generate: 'Generate Random Sticker SNs',
  processing: 'Your request is processing...Please Wait',
  saved: 'QR Sticker saved successfully!!Please check your Mail',
  saveError: (message: string) => `Error saving QR Sticker: ${message}`,
  required: (field: string) => `${field} is required`, // (ours)
  notEnabled: 'QR stickers are not enabled for this namespace', // (ours)
  batches: 'Earlier sticker sheets', // (ours)
  noBatches: 'No sticker sheets yet', // (ours)
  download: 'Download PDF', // (ours)
  requestedAt: 'Requested', // (ours)
  requestedBy: 'Requested by', // (ours)
  mailSubject: (quantity: number, size: string, color: string) => `Your QR sticker sheet: ${quantity} stickers, ${size}, ${color}`, // (ours)
  mailText: (quantity: number, size: string, color: string) =>
    `Attached is the print-ready PDF of ${quantity} QR stickers (${size}, ${color}). Print it on A4 sticker paper at 100 % (no scaling), cut along the guides and stick each label on its equipment; enter the serial printed under the code as the asset's Serial Number to assign it. The sheet can also be downloaded again from Resources > QR Sticker.`, // (ours)
  // Assignment through the asset's Serial Number
  stickerOfOtherNamespace: 'This serial number is a QR sticker of another provider and cannot be used here', // (ours)
  stickerOnOtherAsset: (serial: string) => `QR sticker ${serial} is already assigned to another asset`, // (ours)
  // Sign-in by sticker: the Asset History popup (spec 1)
  historyTitle: 'Asset History',
  inspectionDate: 'Inspection Date',
  certDate: 'Cert / Report Date',
  certNo: 'Cert / Report No.',
  result: 'Result',
  cert: 'Cert / Report',
  nextDueDate: 'Next Due Date',
  openCertificate: 'Click here to open certificate',
  noCertificate: 'No Certificate Available',
  notVisible: 'This sticker is not assigned to an asset you can see', // (ours)
  noHistory: 'No inspection reports for this asset yet', // (ours)
  close: 'Close',
} as const;

/** Result codes shown in the Asset History popup: 1 PASS, 2 FAIL, else blank (spec 1). */
export function stickerResultLabel(result: number | null | undefined): string {
  return result === 1 ? 'PASS' : result === 2 ? 'FAIL' : '';
}
