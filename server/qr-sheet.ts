/**
 * The printable QR sheets of a hotel (docs/behaviour.md#qr-sheets): an A4 PDF with the hotel QR, one QR per room and
 * one per printed proof code, each with the hotel name and the room number or action name under it, in the hotel's
 * primary language. QR codes are drawn as vector squares (qrcode), text as every PDF of the server draws it
 * (pdf-text.ts: bundled fonts, Arabic right to left).
 */
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { pickTranslation, textLanguageOrder } from '../contract/text-language.ts';
import type { Database } from './db/schema.ts';
import { DomainError, notFound } from './domain/errors.ts';
import { primaryLanguageOfHotel } from './domain/hotels.ts';
import { byRoomNumber } from './domain/housekeeping.ts';
import { hotelQrUrl, proofActionOf, proofQrUrl, roomQrUrl } from './domain/qr-codes.ts';
import { requireStaffOf, type StaffSession } from './domain/staff-sessions.ts';
import { drawLine, lineWidth, pdfBytes, registerFonts } from './pdf-text.ts';

const MM = 72 / 25.4;
/** A4 in PDF points. */
export const PAGE = { width: 210 * MM, height: 297 * MM };
const MARGIN = 12 * MM;
export const COLUMNS = 2;
export const ROWS = 3;
/** Printed QR side, quiet zone included: 6 cm scans from a phone at arm's length (at least 4 cm is needed). */
export const QR_SIDE = 60 * MM;
const QUIET_MODULES = 4;

type SheetLanguage = 'fr' | 'en' | 'ar';
const ROOM_LABEL: Record<SheetLanguage, (room: string) => string> = {
  fr: (room) => `Chambre ${room}`,
  en: (room) => `Room ${room}`,
  ar: (room) => `الغرفة ${room}`,
};
const HOTEL_LABEL: Record<SheetLanguage, string> = {
  fr: 'Scannez pour commencer',
  en: 'Scan to start',
  ar: 'امسح الرمز للبدء',
};

export interface QrSheetEntry {
  url: string;
  /** Under the code: the hotel's name, then the room or the action. */
  lines: [string, string];
}

export interface QrSheet {
  hotelName: string;
  language: string;
  entries: QrSheetEntry[];
}

export function sheetLanguage(language: string): SheetLanguage {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return base === 'fr' || base === 'ar' ? base : 'en';
}

/** Which cards a sheet holds: all of them, or a reprint of some rooms' cards or of one PROOF action's codes. */
export interface QrSheetRequest {
  hotelId: number;
  baseUrl: string;
  language?: string | undefined;
  /** Only these rooms' cards (a reprint after a rotation); a number the hotel does not have is not found. */
  rooms?: string[] | undefined;
  /** Only the codes of this PROOF action (its content key or id); one the hotel does not have is not found. */
  proof?: string | undefined;
}

/** What the hotel's sheet holds: the hotel code, the rooms by number, the proof codes by action then code. */
export async function qrSheetOf(db: Kysely<Database>, request: QrSheetRequest): Promise<QrSheet> {
  const hotel = await db
    .selectFrom('hotels')
    .select(['id', 'name', 'qr_key', 'hotel_qr_entry'])
    .where('id', '=', request.hotelId)
    .executeTakeFirst();
  if (!hotel) throw notFound('Hotel');
  const language = request.language ?? (await primaryLanguageOfHotel(db, hotel.id));
  const texts = sheetLanguage(language);
  const whole = request.rooms === undefined && request.proof === undefined;
  const rooms = request.proof === undefined ? await roomsOf(db, hotel.id, request.rooms) : [];
  const proofs = request.rooms === undefined ? await proofCodesOf(db, hotel.id, request.proof) : [];
  const actionIds = [...new Set(proofs.map((p) => p.action_id))];
  const names =
    actionIds.length === 0
      ? []
      : await db
          .selectFrom('action_translations')
          .select(['action_id', 'lang', 'name'])
          .where('action_id', 'in', actionIds)
          .execute();
  const order = textLanguageOrder(language, language);
  const actionName = (id: number) =>
    pickTranslation(
      names.filter((n) => n.action_id === id),
      order,
    )?.name ?? '';

  return {
    hotelName: hotel.name,
    language,
    entries: [
      // A hotel whose hotel QR opens no stay (hotelQrEntry: off, docs/trust-model.md#hotel-key) prints none.
      ...(!whole || hotel.hotel_qr_entry === 'off'
        ? []
        : [
            {
              url: hotelQrUrl(request.baseUrl, hotel.id, hotel.qr_key),
              lines: [hotel.name, HOTEL_LABEL[texts]],
            } satisfies QrSheetEntry,
          ]),
      ...roomEntries(request.baseUrl, hotel.name, texts, rooms),
      ...proofs.map(
        (proof): QrSheetEntry => ({
          url: proofQrUrl(request.baseUrl, { actionId: proof.action_id, hotelId: hotel.id, qrId: proof.qr_id }),
          lines: [hotel.name, actionName(proof.action_id)],
        }),
      ),
    ],
  };
}

/** The hotel's rooms, or only those numbered `only`, every one of which it must have. */
async function roomsOf(db: Kysely<Database>, hotelId: number, only: string[] | undefined) {
  let query = db
    .selectFrom('rooms')
    .select(['number', 'qr_id'])
    .where('hotel_id', '=', hotelId)
    .where('number', 'is not', null);
  if (only) query = query.where('number', 'in', only);
  const rooms = await query.execute();
  const missing = (only ?? []).filter((number) => !rooms.some((room) => room.number === number));
  if (missing.length > 0) throw notFound(`Room ${missing.join(', ')} of hotel ${hotelId}`);
  return rooms;
}

/** The printed codes of the hotel's active actions, or only those of PROOF action `only` (its key or id). */
async function proofCodesOf(db: Kysely<Database>, hotelId: number, only: string | undefined) {
  let query = db
    .selectFrom('proof_codes')
    .innerJoin('actions', 'actions.id', 'proof_codes.action_id')
    .select(['actions.id as action_id', 'actions.position', 'proof_codes.qr_id'])
    .where('actions.hotel_id', '=', hotelId)
    .where('actions.active', '=', 1);
  if (only !== undefined) {
    const action = await proofActionOf(db, hotelId, only);
    if (!action) throw notFound('Proof action');
    query = query.where('actions.id', '=', action.id);
  }
  return query.orderBy('actions.position').orderBy('actions.id').orderBy('proof_codes.qr_id').execute();
}

/** The rooms' cards, by room number. */
function roomEntries(
  baseUrl: string,
  hotelName: string,
  texts: SheetLanguage,
  rooms: Array<{ number: string | null; qr_id: string }>,
): QrSheetEntry[] {
  return rooms
    .map((room) => ({ number: room.number ?? '', qrId: room.qr_id }))
    .sort((a, b) => byRoomNumber(a.number, b.number))
    .map((room) => ({ url: roomQrUrl(baseUrl, room.qrId), lines: [hotelName, ROOM_LABEL[texts](room.number)] }));
}

/**
 * The cell of the `index`-th code on its page (PDF points, origin top left): rows from the top, columns in reading
 * order (from the right for a right-to-left language).
 */
export function cellOf(
  index: number,
  rightToLeft = false,
): { page: number; x: number; y: number; width: number; height: number } {
  const perPage = COLUMNS * ROWS;
  const slot = index % perPage;
  const width = (PAGE.width - 2 * MARGIN) / COLUMNS;
  const height = (PAGE.height - 2 * MARGIN) / ROWS;
  return {
    page: Math.floor(index / perPage),
    x: MARGIN + (rightToLeft ? COLUMNS - 1 - (slot % COLUMNS) : slot % COLUMNS) * width,
    y: MARGIN + Math.floor(slot / COLUMNS) * height,
    width,
    height,
  };
}

/** Draws one line centred on `centerX`, shrinking the size until it fits `maxWidth`. */
function drawCentredLine(
  doc: PDFKit.PDFDocument,
  line: string,
  centerX: number,
  y: number,
  size: number,
  maxWidth: number,
) {
  let fontSize = size;
  while (fontSize > 6 && lineWidth(doc, line, { size: fontSize }) > maxWidth) fontSize -= 0.5;
  drawLine(doc, line, centerX - lineWidth(doc, line, { size: fontSize }) / 2, y, { size: fontSize });
}

function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const module = QR_SIDE / (count + 2 * QUIET_MODULES);
  doc.rect(x, y, QR_SIDE, QR_SIDE).fill('#FFFFFF');
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col))
        doc.rect(x + (col + QUIET_MODULES) * module, y + (row + QUIET_MODULES) * module, module, module);
    }
  }
  doc.fill('#000000');
}

/** The sheet as an A4 PDF: six codes a page, with dashed cutting lines. */
export async function renderQrSheet(sheet: QrSheet): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `QR codes — ${sheet.hotelName}`, Creator: 'GreenMiles' },
    lang: sheet.language,
  });
  registerFonts(doc);
  const finished = pdfBytes(doc);
  const rightToLeft = sheetLanguage(sheet.language) === 'ar';
  sheet.entries.forEach((entry, index) => {
    const cell = cellOf(index, rightToLeft);
    if (index % (COLUMNS * ROWS) === 0) doc.addPage({ size: 'A4', margin: 0 });
    doc
      .save()
      .lineWidth(0.5)
      .dash(3, { space: 3 })
      .strokeColor('#999999')
      .rect(cell.x, cell.y, cell.width, cell.height)
      .stroke()
      .restore();
    const centerX = cell.x + cell.width / 2;
    const qrY = cell.y + 8 * MM;
    drawQr(doc, entry.url, centerX - QR_SIDE / 2, qrY);
    doc.fillColor('#1B1B1B');
    drawCentredLine(doc, entry.lines[0], centerX, qrY + QR_SIDE + 3 * MM, 13, cell.width - 8 * MM);
    drawCentredLine(doc, entry.lines[1], centerX, qrY + QR_SIDE + 10 * MM, 16, cell.width - 8 * MM);
  });
  if (sheet.entries.length === 0) doc.addPage({ size: 'A4', margin: 0 });
  doc.end();
  return finished;
}

/**
 * GET …/qr-sheet.pdf: the session's own hotel's sheet (403 staff_session_wrong_hotel), whole, or one room's card
 * (`room`), or one PROOF action's codes (`proof`); both at once is a 400.
 */
export async function qrSheetPdfAsStaff(
  db: Kysely<Database>,
  staff: StaffSession,
  request: { hotelId: number; baseUrl: string; room?: string | undefined; proof?: string | undefined },
): Promise<Buffer> {
  requireStaffOf(staff, request.hotelId);
  const { room, ...rest } = request;
  if (room !== undefined && rest.proof !== undefined)
    throw new DomainError('bad_request', 'bad_request', 'Ask for one room’s card or one action’s codes, not both');
  return renderQrSheet(await qrSheetOf(db, { ...rest, rooms: room === undefined ? undefined : [room] }));
}
