/**
 * The daily report e-mail (docs/behaviour.md#daily-report): subject, plain text and HTML in the hotel's primary
 * language (fr, en or ar; any other falls back like the reward e-mail, `mailLanguage`), HTML `dir="rtl"` for Arabic.
 * Every value taken from content or the database is HTML-escaped.
 */
import type { StaffAuditKind } from '../../contract/schemas.ts';
import type { DailyReport, ReportTotals } from '../domain/daily-report.ts';
import { type ComposedMail, escapeHtml, formatDate, type MailLanguage, mailLanguage } from './reward-mail.ts';

interface Texts {
  subject: (hotel: string, date: string) => string;
  intro: (hotel: string, date: string) => string;
  answersTitle: string;
  noAnswers: string;
  room: string;
  noRoom: string;
  action: string;
  answer: string;
  yes: string;
  no: string;
  cleaningTitle: (date: string) => string;
  noCleaningSkipped: string;
  since: string;
  changedBack: (time: string) => string;
  skipping: string;
  usesTitle: string;
  noUses: string;
  reward: string;
  code: string;
  usedAt: string;
  handedOver: string;
  handedOverBy: (name: string) => string;
  /** A hand-over at the desk before the trail named people. */
  handedOverAtDesk: string;
  usedByGuest: string;
  staffTitle: string;
  noStaffActions: string;
  staffActions: Record<StaffAuditKind, string>;
  totalsTitle: string;
  /** Between a label and its value ('\u00a0: ' in French). */
  colon: string;
  totals: Record<keyof ReportTotals, string>;
  time: (iso: string, timeZone: string) => string;
}

function timeIn(locale: string) {
  return (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat(locale, {
      timeZone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(iso));
}

const TEXTS: Record<MailLanguage, Texts> = {
  fr: {
    subject: (hotel, date) => `Rapport GreenMiles du ${date} — ${hotel}`,
    intro: (hotel, date) => `${hotel} : le rapport GreenMiles de la journée du ${date}.`,
    answersTitle: 'Réponses à transmettre',
    noAnswers: 'Aucune réponse ce jour-là.',
    room: 'Chambre',
    noRoom: 'sans chambre',
    action: 'Action',
    answer: 'Réponse',
    yes: 'Oui',
    no: 'Non',
    cleaningTitle: (date) => `Chambres sans ménage le ${date}`,
    noCleaningSkipped: 'Aucune chambre ne renonce au ménage.',
    since: 'Depuis',
    changedBack: (time) => `réponse changée le ${time} : ménage à faire`,
    skipping: 'pas de ménage',
    usesTitle: 'Récompenses utilisées',
    noUses: 'Aucune récompense utilisée ce jour-là.',
    reward: 'Récompense',
    code: 'Code',
    usedAt: 'Utilisée le',
    handedOver: 'Remise',
    handedOverBy: (name) => `remise par ${name}`,
    handedOverAtDesk: 'remise au comptoir',
    usedByGuest: 'utilisée par le client',
    staffTitle: 'Actions du personnel',
    noStaffActions: 'Aucune action du personnel ce jour-là.',
    staffActions: {
      signIn: 'Connexions',
      signInFailed: 'Connexions refusées',
      signOut: 'Déconnexions',
      signOutEverywhere: 'Déconnexions de tous les appareils',
      codeChecked: 'Codes vérifiés',
      codeRedeemed: 'Récompenses remises au comptoir',
      stayReset: 'Séjours réinitialisés',
      roomQrRotated: 'QR codes de chambre renouvelés',
      hotelKeyRotated: "Clés du QR code de l'hôtel renouvelées",
      proofCodeRotated: 'Codes de preuve renouvelés',
      accountAdded: 'Comptes ajoutés',
      accountRenamed: 'Comptes renommés',
      accountRoleChanged: 'Rôles modifiés',
      accountPinReset: 'Codes personnels réinitialisés',
      accountDisabled: 'Comptes désactivés',
      accountEnabled: 'Comptes réactivés',
      contentImported: 'Contenus importés',
      contentSaved: 'Contenus enregistrés sur la page du personnel',
      contentRestored: 'Versions du contenu restaurées',
      cleaningChecked: 'Ménages sautés vérifiés',
    },
    totalsTitle: 'Chiffres de la journée',
    colon: ' : ',
    totals: {
      stays: 'Séjours commencés',
      actions: 'Actions réalisées',
      pointsEarned: 'Points gagnés',
      pointsSpent: 'Points dépensés',
      rewardsClaimed: 'Récompenses obtenues',
      rewardsUsed: 'Récompenses utilisées',
      litresDonated: "Litres d'eau donnés",
    },
    time: timeIn('fr'),
  },
  en: {
    subject: (hotel, date) => `GreenMiles report of ${date} — ${hotel}`,
    intro: (hotel, date) => `Here is the GreenMiles report of ${hotel} for ${date}.`,
    answersTitle: 'Answers to pass on',
    noAnswers: 'No answer that day.',
    room: 'Room',
    noRoom: 'no room',
    action: 'Action',
    answer: 'Answer',
    yes: 'Yes',
    no: 'No',
    cleaningTitle: (date) => `Rooms skipping cleaning on ${date}`,
    noCleaningSkipped: 'No room skips the cleaning.',
    since: 'Since',
    changedBack: (time) => `answer changed on ${time}: clean the room`,
    skipping: 'no cleaning',
    usesTitle: 'Rewards used',
    noUses: 'No reward used that day.',
    reward: 'Reward',
    code: 'Code',
    usedAt: 'Used on',
    handedOver: 'Handed over',
    handedOverBy: (name) => `handed over by ${name}`,
    handedOverAtDesk: 'handed over at the desk',
    usedByGuest: 'used by the guest',
    staffTitle: 'Staff actions',
    noStaffActions: 'No staff action that day.',
    staffActions: {
      signIn: 'Sign-ins',
      signInFailed: 'Refused sign-ins',
      signOut: 'Sign-outs',
      signOutEverywhere: 'Sign-outs from every device',
      codeChecked: 'Codes checked',
      codeRedeemed: 'Rewards handed over at the desk',
      stayReset: 'Stays reset',
      roomQrRotated: 'Room QR codes renewed',
      hotelKeyRotated: 'Hotel QR keys renewed',
      proofCodeRotated: 'Proof codes renewed',
      accountAdded: 'Accounts added',
      accountRenamed: 'Accounts renamed',
      accountRoleChanged: 'Roles changed',
      accountPinReset: 'PINs reset',
      accountDisabled: 'Accounts disabled',
      accountEnabled: 'Accounts enabled again',
      contentImported: 'Content imports',
      contentSaved: 'Content saved on the staff page',
      contentRestored: 'Content versions restored',
      cleaningChecked: 'Skipped cleanings checked',
    },
    totalsTitle: 'The day in figures',
    colon: ': ',
    totals: {
      stays: 'Stays started',
      actions: 'Actions completed',
      pointsEarned: 'Points earned',
      pointsSpent: 'Points spent',
      rewardsClaimed: 'Rewards claimed',
      rewardsUsed: 'Rewards used',
      litresDonated: 'Litres of water donated',
    },
    time: timeIn('en-GB'),
  },
  ar: {
    subject: (hotel, date) => `تقرير GreenMiles ليوم ${date} — ${hotel}`,
    intro: (hotel, date) => `إليك تقرير GreenMiles لفندق ${hotel} عن يوم ${date}.`,
    answersTitle: 'إجابات يجب إبلاغها',
    noAnswers: 'لا توجد إجابات في ذلك اليوم.',
    room: 'الغرفة',
    noRoom: 'بدون غرفة',
    action: 'الإجراء',
    answer: 'الإجابة',
    yes: 'نعم',
    no: 'لا',
    cleaningTitle: (date) => `الغرف التي تستغني عن التنظيف يوم ${date}`,
    noCleaningSkipped: 'لا توجد غرفة تستغني عن التنظيف.',
    since: 'منذ',
    changedBack: (time) => `تغيّرت الإجابة في ${time}: يجب تنظيف الغرفة`,
    skipping: 'بدون تنظيف',
    usesTitle: 'المكافآت المستخدمة',
    noUses: 'لم تُستخدم أي مكافأة في ذلك اليوم.',
    reward: 'المكافأة',
    code: 'الرمز',
    usedAt: 'وقت الاستخدام',
    handedOver: 'التسليم',
    handedOverBy: (name) => `سلّمها ${name}`,
    handedOverAtDesk: 'سُلّمت في الاستقبال',
    usedByGuest: 'استخدمها النزيل',
    staffTitle: 'إجراءات الموظفين',
    noStaffActions: 'لا توجد إجراءات للموظفين في ذلك اليوم.',
    staffActions: {
      signIn: 'عمليات تسجيل الدخول',
      signInFailed: 'محاولات دخول مرفوضة',
      signOut: 'عمليات تسجيل الخروج',
      signOutEverywhere: 'عمليات الخروج من كل الأجهزة',
      codeChecked: 'الرموز التي تم التحقق منها',
      codeRedeemed: 'المكافآت المسلّمة في الاستقبال',
      stayReset: 'الإقامات المُعاد ضبطها',
      roomQrRotated: 'رموز QR للغرف المُجدَّدة',
      hotelKeyRotated: 'مفاتيح رمز QR للفندق المُجدَّدة',
      proofCodeRotated: 'رموز الإثبات المُجدَّدة',
      accountAdded: 'الحسابات المضافة',
      accountRenamed: 'الحسابات المُعاد تسميتها',
      accountRoleChanged: 'الأدوار المُعدَّلة',
      accountPinReset: 'الرموز الشخصية المُعاد تعيينها',
      accountDisabled: 'الحسابات المعطّلة',
      accountEnabled: 'الحسابات المُعاد تفعيلها',
      contentImported: 'عمليات استيراد المحتوى',
      contentSaved: 'حفظ المحتوى من صفحة الموظفين',
      contentRestored: 'استعادة نسخ سابقة من المحتوى',
      cleaningChecked: 'عمليات تنظيف متروكة تم التحقق منها',
    },
    totalsTitle: 'أرقام اليوم',
    colon: ': ',
    totals: {
      stays: 'الإقامات التي بدأت',
      actions: 'الإجراءات المنجزة',
      pointsEarned: 'النقاط المكتسبة',
      pointsSpent: 'النقاط المستخدمة',
      rewardsClaimed: 'المكافآت المطلوبة',
      rewardsUsed: 'المكافآت المستخدمة',
      litresDonated: 'لترات الماء المتبرع بها',
    },
    time: timeIn('ar-u-nu-latn'),
  },
};

const TOTAL_ORDER: ReadonlyArray<keyof ReportTotals> = [
  'stays',
  'actions',
  'pointsEarned',
  'pointsSpent',
  'rewardsClaimed',
  'rewardsUsed',
  'litresDonated',
];

function htmlTable(headers: string[], rows: string[][]): string {
  const cell = (tag: string, value: string) =>
    `<${tag} style="text-align:start;padding:4px 12px 4px 0;border-bottom:1px solid #ddd">${escapeHtml(value)}</${tag}>`;
  return [
    '<table style="border-collapse:collapse">',
    `<thead><tr>${headers.map((h) => cell('th', h)).join('')}</tr></thead>`,
    `<tbody>${rows.map((row) => `<tr>${row.map((v) => cell('td', v)).join('')}</tr>`).join('')}</tbody>`,
    '</table>',
  ].join('');
}

export function composeDailyReportMail(report: DailyReport): ComposedMail & { lang: MailLanguage } {
  const lang = mailLanguage(report.hotel.language);
  const t = TEXTS[lang];
  const zone = report.hotel.timeZone;
  const day = formatDate(report.date, lang);
  const cleaningDay = formatDate(report.cleaningDate, lang);
  const subject = t.subject(report.hotel.name, day);

  const answerRows = report.answers.map((a) => [
    a.roomNumber ?? t.noRoom,
    a.actionName,
    a.answer === 'YES' ? t.yes : t.no,
  ]);
  const cleaningRows = report.skippedCleanings.map((room) => [
    room.roomNumber,
    t.time(room.since, zone),
    room.changedBackAt === null ? t.skipping : t.changedBack(t.time(room.changedBackAt, zone)),
  ]);
  const useRows = report.uses.map((use) => [
    use.roomNumber ?? t.noRoom,
    use.rewardName,
    use.code ?? '',
    t.time(use.usedAt, zone),
    use.usedBy === 'guest'
      ? t.usedByGuest
      : use.staffName === null
        ? t.handedOverAtDesk
        : t.handedOverBy(use.staffName),
  ]);
  const staffRows = report.staffActions.map(({ kind, count }) => [t.staffActions[kind], String(count)]);
  const totalRows = TOTAL_ORDER.map((key) => [t.totals[key], String(report.totals[key])]);

  const text = [
    t.intro(report.hotel.name, day),
    '',
    `== ${t.answersTitle} ==`,
    ...(answerRows.length === 0 ? [t.noAnswers] : answerRows.map((row) => `${t.room} ${row.join(' — ')}`)),
    '',
    `== ${t.cleaningTitle(cleaningDay)} ==`,
    ...(cleaningRows.length === 0
      ? [t.noCleaningSkipped]
      : cleaningRows.map(([room, since, state]) => `${t.room} ${room} — ${t.since} ${since} — ${state}`)),
    '',
    `== ${t.usesTitle} ==`,
    ...(useRows.length === 0
      ? [t.noUses]
      : useRows.map((row) => `${t.room} ${row.filter((cell) => cell !== '').join(' — ')}`)),
    '',
    `== ${t.staffTitle} ==`,
    ...(staffRows.length === 0 ? [t.noStaffActions] : staffRows.map(([label, value]) => `${label}${t.colon}${value}`)),
    '',
    `== ${t.totalsTitle} ==`,
    ...totalRows.map(([label, value]) => `${label}${t.colon}${value}`),
    '',
  ].join('\n');

  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = [
    '<!doctype html>',
    `<html lang="${lang}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body dir="${dir}" style="font-family:sans-serif;line-height:1.5;color:#1b1b1b">`,
    `<p>${escapeHtml(t.intro(report.hotel.name, day))}</p>`,
    `<h2>${escapeHtml(t.answersTitle)}</h2>`,
    answerRows.length === 0 ? `<p>${escapeHtml(t.noAnswers)}</p>` : htmlTable([t.room, t.action, t.answer], answerRows),
    `<h2>${escapeHtml(t.cleaningTitle(cleaningDay))}</h2>`,
    cleaningRows.length === 0
      ? `<p>${escapeHtml(t.noCleaningSkipped)}</p>`
      : htmlTable([t.room, t.since, ''], cleaningRows),
    `<h2>${escapeHtml(t.usesTitle)}</h2>`,
    useRows.length === 0
      ? `<p>${escapeHtml(t.noUses)}</p>`
      : htmlTable([t.room, t.reward, t.code, t.usedAt, t.handedOver], useRows),
    `<h2>${escapeHtml(t.staffTitle)}</h2>`,
    staffRows.length === 0 ? `<p>${escapeHtml(t.noStaffActions)}</p>` : htmlTable(['', ''], staffRows),
    `<h2>${escapeHtml(t.totalsTitle)}</h2>`,
    htmlTable(['', ''], totalRows),
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, text, html, lang };
}
