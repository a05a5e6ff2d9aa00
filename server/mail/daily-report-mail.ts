/**
 * The daily report and monthly summary e-mails (docs/behaviour.md#daily-report): subject, plain text, HTML and a CSV
 * of the figures, in the hotel's primary language (fr, en or ar; any other falls back like the reward e-mail,
 * `mailLanguage`), HTML `dir="rtl"` for Arabic. Every value taken from content or the database is HTML-escaped.
 */
import type { ActionType } from '../../contract/action-types.ts';
import type { CleaningOutcome } from '../../contract/evidence.ts';
import { IMPACT_MEASURES, type ImpactCategory, type ImpactMeasure } from '../../contract/impact-factors.ts';
import type { ImpactAmounts, StaffAuditKind } from '../../contract/schemas.ts';
import { csvText } from '../csv.ts';
import type { DailyReport, MonthlyReport } from '../domain/daily-report.ts';
import type { PeriodSections } from '../domain/period-report.ts';
import type { MailAttachment } from './mailer.ts';
import { type ComposedMail, escapeHtml, formatDate, type MailLanguage, mailLanguage } from './reward-mail.ts';

/** The participation and reward figures, in the order the report gives them. */
const FIGURES = [
  'staysPresent',
  'staysParticipating',
  'rewardsClaimed',
  'rewardsUsed',
  'pointsEarned',
  'pointsSpent',
  'waterDonated',
] as const;
type Figure = (typeof FIGURES)[number];

interface Texts {
  subject: (hotel: string, date: string) => string;
  intro: (hotel: string, date: string) => string;
  monthSubject: (hotel: string, month: string) => string;
  monthIntro: (hotel: string, month: string) => string;
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
  /** Between a label and its value ('\u00a0: ' in French). */
  colon: string;
  /** Between the items of a list ('، ' in Arabic). */
  comma: string;
  participationTitle: string;
  gesturesTitle: string;
  noGestures: string;
  kind: string;
  count: string;
  declared: string;
  confirmed: string;
  /** What 'confirmed' covers (the evidence levels above a tap). */
  confirmedMeaning: string;
  savingsTitle: string;
  /** Says the figures are an estimation, what the range is, and where the method is written. */
  savingsNote: string;
  total: string;
  range: (low: string, high: string) => string;
  measures: Record<ImpactMeasure, string>;
  categories: Record<ImpactCategory, string>;
  rewardsTitle: string;
  housekeepingTitle: string;
  noHousekeeping: string;
  day: string;
  by: string;
  outcomes: Record<CleaningOutcome, string>;
  outcomeCounts: Record<CleaningOutcome, string>;
  reportedBy: (name: string) => string;
  attentionTitle: string;
  nothingToFlag: string;
  unconfirmedSkip: (room: string, day: string) => string;
  unusedClaim: (room: string, reward: string, day: string) => string;
  lowCodePool: (reward: string, left: number) => string;
  figures: Record<Figure, string>;
  actionTypes: Record<ActionType, string>;
  /** The locale numbers are written in (Latin digits in Arabic, like the dates). */
  number: string;
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

/** 'de mai 2026', 'd’avril 2026': French elides before a vowel. */
const ofMonth = (month: string) => (/^[aeiouâéèêîô]/i.test(month) ? `d’${month}` : `de ${month}`);

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
    usesTitle: 'Détail des récompenses utilisées',
    noUses: 'Aucune récompense utilisée.',
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
    colon: '\u00a0: ',
    comma: ', ',
    monthSubject: (hotel, month) => `Bilan GreenMiles ${ofMonth(month)} — ${hotel}`,
    monthIntro: (hotel, month) => `${hotel}\u00a0: le bilan GreenMiles du mois ${ofMonth(month)}.`,
    participationTitle: 'Participation',
    gesturesTitle: 'Gestes par type',
    noGestures: 'Aucun geste.',
    kind: 'Type',
    count: 'Nombre',
    declared: 'déclarés',
    confirmed: 'confirmés',
    confirmedMeaning: 'Confirmés\u00a0: photographiés, scannés sur place ou confirmés par le personnel.',
    savingsTitle: 'Économies estimées',
    savingsNote:
      'Estimation calculée avec la table de facteurs de GreenMiles\u00a0; entre parenthèses, la fourchette de ses sources. Méthode\u00a0: docs/impact.md.',
    total: 'Total',
    range: (low, high) => `entre ${low} et ${high}`,
    measures: { water: 'Eau', energy: 'Énergie', co2e: 'CO2e' },
    categories: {
      cleaning: 'Ménages évités',
      shower: 'Douches plus courtes',
      heating: 'Chauffage baissé',
      meal: 'Repas',
    },
    rewardsTitle: 'Récompenses',
    housekeepingTitle: 'Confirmé par le ménage',
    noHousekeeping: 'Aucun retour du ménage.',
    day: 'Jour',
    by: 'Par',
    outcomes: { honoured: 'non nettoyée, comme demandé', cleanedAnyway: 'nettoyée malgré tout' },
    outcomeCounts: { honoured: 'Chambres laissées comme demandé', cleanedAnyway: 'Chambres nettoyées malgré tout' },
    reportedBy: (name) => `signalé par ${name}`,
    attentionTitle: 'À surveiller',
    nothingToFlag: 'Rien à signaler.',
    unconfirmedSkip: (room, day) => `Chambre ${room}\u00a0: ménage évité le ${day}, sans retour du ménage`,
    unusedClaim: (room, reward, day) =>
      `Chambre ${room}\u00a0: «\u00a0${reward}\u00a0» obtenue le ${day}, pas encore utilisée`,
    lowCodePool: (reward, left) => `«\u00a0${reward}\u00a0»\u00a0: ${left} codes restants`,
    figures: {
      staysPresent: 'Séjours présents',
      staysParticipating: 'Séjours participants',
      rewardsClaimed: 'Récompenses obtenues',
      rewardsUsed: 'Récompenses utilisées',
      pointsEarned: 'Points gagnés',
      pointsSpent: 'Points dépensés',
      waterDonated: "Litres d'eau donnés",
    },
    actionTypes: {
      LUNICLEAN: 'Renoncer au ménage',
      LUNISHOWER: 'Douche courte',
      HEATING: 'Chauffage',
      YESNO: 'Oui ou non',
      YESNOSTAY: 'Engagement pour le séjour',
      YESNOMAIL: "Oui ou non transmis à l'hôtel",
      REVIEW: 'Avis',
      CUSTOM: 'Choix',
      QUIZ: 'Quiz',
      LIMEAT: 'Photo du repas',
      CLAIM: 'Réclamation',
      PROOF: 'Preuve sur place',
    },
    number: 'fr',
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
    usesTitle: 'Rewards used, one by one',
    noUses: 'No reward used.',
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
    colon: ': ',
    comma: ', ',
    monthSubject: (hotel, month) => `GreenMiles summary of ${month} — ${hotel}`,
    monthIntro: (hotel, month) => `Here is the GreenMiles summary of ${hotel} for ${month}.`,
    participationTitle: 'Participation',
    gesturesTitle: 'Gestures by kind',
    noGestures: 'No gesture.',
    kind: 'Kind',
    count: 'Count',
    declared: 'declared',
    confirmed: 'confirmed',
    confirmedMeaning: 'Confirmed: photographed, scanned on site or confirmed by staff.',
    savingsTitle: 'Estimated savings',
    savingsNote:
      "An estimation from GreenMiles' factor table; in brackets, the range of its sources. Method: docs/impact.md.",
    total: 'Total',
    range: (low, high) => `${low} to ${high}`,
    measures: { water: 'Water', energy: 'Energy', co2e: 'CO2e' },
    categories: {
      cleaning: 'Cleanings skipped',
      shower: 'Shorter showers',
      heating: 'Lower heating',
      meal: 'Meals',
    },
    rewardsTitle: 'Rewards',
    housekeepingTitle: 'Confirmed by housekeeping',
    noHousekeeping: 'No report from housekeeping.',
    day: 'Day',
    by: 'By',
    outcomes: { honoured: 'not cleaned, as asked', cleanedAnyway: 'cleaned anyway' },
    outcomeCounts: { honoured: 'Rooms left as asked', cleanedAnyway: 'Rooms cleaned anyway' },
    reportedBy: (name) => `reported by ${name}`,
    attentionTitle: 'Needs attention',
    nothingToFlag: 'Nothing to flag.',
    unconfirmedSkip: (room, day) => `Room ${room}: cleaning skipped on ${day}, not confirmed by housekeeping`,
    unusedClaim: (room, reward, day) => `Room ${room}: '${reward}' claimed on ${day}, not used yet`,
    lowCodePool: (reward, left) => `'${reward}': ${left} codes left`,
    figures: {
      staysPresent: 'Stays present',
      staysParticipating: 'Stays taking part',
      rewardsClaimed: 'Rewards claimed',
      rewardsUsed: 'Rewards used',
      pointsEarned: 'Points earned',
      pointsSpent: 'Points spent',
      waterDonated: 'Litres of water donated',
    },
    actionTypes: {
      LUNICLEAN: 'Skip the cleaning',
      LUNISHOWER: 'Short shower',
      HEATING: 'Heating',
      YESNO: 'Yes or no',
      YESNOSTAY: 'Commitment for the stay',
      YESNOMAIL: 'Yes or no reported to the hotel',
      REVIEW: 'Review',
      CUSTOM: 'Choice',
      QUIZ: 'Quiz',
      LIMEAT: 'Meal photo',
      CLAIM: 'Claim',
      PROOF: 'On-site proof',
    },
    number: 'en-GB',
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
    usesTitle: 'تفاصيل المكافآت المستخدمة',
    noUses: 'لم تُستخدم أي مكافأة.',
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
    colon: ': ',
    comma: '، ',
    monthSubject: (hotel, month) => `ملخص GreenMiles لشهر ${month} — ${hotel}`,
    monthIntro: (hotel, month) => `إليك ملخص GreenMiles لفندق ${hotel} عن شهر ${month}.`,
    participationTitle: 'المشاركة',
    gesturesTitle: 'الممارسات حسب النوع',
    noGestures: 'لا توجد ممارسات.',
    kind: 'النوع',
    count: 'العدد',
    declared: 'مُصرَّح بها',
    confirmed: 'مؤكَّدة',
    confirmedMeaning: 'المؤكَّدة: مصوَّرة أو ممسوحة في المكان أو أكّدها الموظفون.',
    savingsTitle: 'الوفورات المقدَّرة',
    savingsNote: 'تقدير محسوب بجدول عوامل GreenMiles، وبين القوسين نطاق مصادره. المنهجية: docs/impact.md.',
    total: 'المجموع',
    range: (low, high) => `من ${low} إلى ${high}`,
    measures: { water: 'الماء', energy: 'الطاقة', co2e: 'CO2e' },
    categories: {
      cleaning: 'التنظيف المُستغنى عنه',
      shower: 'استحمام أقصر',
      heating: 'تدفئة منخفضة',
      meal: 'الوجبات',
    },
    rewardsTitle: 'المكافآت',
    housekeepingTitle: 'ما أكّده فريق التنظيف',
    noHousekeeping: 'لا توجد تقارير من فريق التنظيف.',
    day: 'اليوم',
    by: 'بواسطة',
    outcomes: { honoured: 'لم تُنظَّف كما طُلب', cleanedAnyway: 'نُظِّفت رغم ذلك' },
    outcomeCounts: { honoured: 'غرف تُركت كما طُلب', cleanedAnyway: 'غرف نُظِّفت رغم ذلك' },
    reportedBy: (name) => `أبلغ عنها ${name}`,
    attentionTitle: 'يحتاج إلى متابعة',
    nothingToFlag: 'لا شيء يستدعي الانتباه.',
    unconfirmedSkip: (room, day) => `الغرفة ${room}: استُغني عن التنظيف يوم ${day} دون تأكيد من فريق التنظيف`,
    unusedClaim: (room, reward, day) => `الغرفة ${room}: «${reward}» طُلبت يوم ${day} ولم تُستخدم بعد`,
    lowCodePool: (reward, left) => `«${reward}»: تبقّى ${left} من الرموز`,
    figures: {
      staysPresent: 'الإقامات الحاضرة',
      staysParticipating: 'الإقامات المشاركة',
      rewardsClaimed: 'المكافآت المطلوبة',
      rewardsUsed: 'المكافآت المستخدمة',
      pointsEarned: 'النقاط المكتسبة',
      pointsSpent: 'النقاط المستخدمة',
      waterDonated: 'لترات الماء المتبرع بها',
    },
    actionTypes: {
      LUNICLEAN: 'الاستغناء عن التنظيف',
      LUNISHOWER: 'استحمام قصير',
      HEATING: 'التدفئة',
      YESNO: 'نعم أو لا',
      YESNOSTAY: 'التزام طوال الإقامة',
      YESNOMAIL: 'نعم أو لا يُبلَّغ إلى الفندق',
      REVIEW: 'رأي',
      CUSTOM: 'اختيار',
      QUIZ: 'اختبار',
      LIMEAT: 'صورة الوجبة',
      CLAIM: 'مطالبة',
      PROOF: 'إثبات في المكان',
    },
    number: 'ar-u-nu-latn',
    time: timeIn('ar-u-nu-latn'),
  },
};

const UNITS: Record<ImpactMeasure, string> = { water: 'L', energy: 'kWh', co2e: 'g' };
const AMOUNT_KEYS: Record<ImpactMeasure, keyof ImpactAmounts> = {
  water: 'waterLitres',
  energy: 'energyKwh',
  co2e: 'co2eGrams',
};

/** One part of the mail: its title, its plain-text lines and its HTML. */
interface Section {
  title: string;
  lines: string[];
  html: string;
}

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

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
/** A word said mid-sentence ('déclarés') as a column heading ('Déclarés'). */
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A section of label–value lines (a two-column table in HTML). */
function figureSection(t: Texts, title: string, rows: string[][], empty?: string): Section {
  if (rows.length === 0 && empty !== undefined) return { title, lines: [empty], html: paragraph(empty) };
  return { title, lines: rows.map(([label, value]) => `${label}${t.colon}${value}`), html: htmlTable(['', ''], rows) };
}

/** Writes the report's figures in the mail's language. */
function writer(t: Texts, lang: MailLanguage, timeZone: string) {
  const numberFormat = new Intl.NumberFormat(t.number, { maximumFractionDigits: 2 });
  const number = (value: number) => numberFormat.format(value);
  // In right-to-left text a Latin unit would be set before its number: the amount is isolated left to right.
  const isolated = (text: string) => (lang === 'ar' ? `\u2066${text}\u2069` : text);
  const amount = (measure: ImpactMeasure, value: number) => isolated(`${number(value)} ${UNITS[measure]}`);
  return {
    number,
    amount,
    /** '300 L (entre 200 L et 450 L)'; a single estimate (its range is itself) has no brackets. */
    estimate: (measure: ImpactMeasure, saved: number, range: { low: number; high: number } | null) =>
      range === null || (range.low === saved && range.high === saved)
        ? amount(measure, saved)
        : `${amount(measure, saved)} (${t.range(amount(measure, range.low), amount(measure, range.high))})`,
    date: (date: string) => formatDate(date, lang),
    time: (iso: string) => t.time(iso, timeZone),
    room: (room: string | null) => room ?? t.noRoom,
  };
}
type Writer = ReturnType<typeof writer>;

/** The sections the daily report and the monthly summary share, in their order. */
function sharedSections(t: Texts, w: Writer, report: PeriodSections): Section[] {
  const { summary } = report;
  const figure: Record<Figure, number> = {
    staysPresent: summary.stays.total,
    staysParticipating: summary.stays.participating,
    rewardsClaimed: summary.rewards.claimed,
    rewardsUsed: summary.rewards.used,
    pointsEarned: summary.points.earned,
    pointsSpent: summary.points.spent,
    waterDonated: summary.waterDonatedLitres,
  };
  const figureRows = (keys: readonly Figure[]) => keys.map((key) => [t.figures[key], w.number(figure[key])]);

  const gestureRows = report.summary.actionsByType.map((g) => [
    (t.actionTypes as Record<string, string>)[g.actType] ?? g.actType,
    w.number(g.count),
    w.number(g.count - g.confirmed),
    w.number(g.confirmed),
  ]);
  const gestures: Section =
    gestureRows.length === 0
      ? { title: t.gesturesTitle, lines: [t.noGestures], html: paragraph(t.noGestures) }
      : {
          title: t.gesturesTitle,
          lines: [
            ...gestureRows.map(
              ([label, count, declared, confirmed]) =>
                `${label}${t.colon}${count} (${t.declared}${t.colon}${declared}${t.comma}${t.confirmed}${t.colon}${confirmed})`,
            ),
            t.confirmedMeaning,
          ],
          html:
            htmlTable([t.kind, t.count, capitalised(t.declared), capitalised(t.confirmed)], gestureRows) +
            paragraph(t.confirmedMeaning),
        };

  const totalRow = [
    t.total,
    ...IMPACT_MEASURES.map((measure) => {
      const key = AMOUNT_KEYS[measure];
      return w.estimate(measure, summary.saved[key], {
        low: summary.savedRange.low[key],
        high: summary.savedRange.high[key],
      });
    }),
  ];
  const categoryRows = summary.impact
    .filter((category) => category.units > 0)
    .map((category) => [
      `${t.categories[category.category]} (${w.number(category.units)}${t.comma}${t.confirmed}${t.colon}${w.number(category.confirmedUnits)})`,
      ...IMPACT_MEASURES.map((measure) => w.estimate(measure, category[measure].saved, category[measure].savedRange)),
    ]);
  const savingRows = [totalRow, ...categoryRows];
  const savings: Section = {
    title: t.savingsTitle,
    lines: [
      t.savingsNote,
      ...savingRows.map(
        ([label, ...values]) =>
          `${label} — ${IMPACT_MEASURES.map((measure, i) => `${t.measures[measure]}${t.colon}${values[i]}`).join(t.comma)}`,
      ),
    ],
    html: paragraph(t.savingsNote) + htmlTable(['', ...IMPACT_MEASURES.map((m) => t.measures[m])], savingRows),
  };

  const useRows = report.redemptions.map((use) => [
    w.room(use.roomNumber),
    use.rewardName,
    use.code ?? '',
    w.time(use.usedAt),
    use.usedBy === 'guest'
      ? t.usedByGuest
      : use.staffName === null
        ? t.handedOverAtDesk
        : t.handedOverBy(use.staffName),
  ]);
  const rewardFigures = figureRows(['rewardsClaimed', 'rewardsUsed', 'pointsEarned', 'pointsSpent', 'waterDonated']);
  const rewards: Section = {
    title: t.rewardsTitle,
    lines: [
      ...rewardFigures.map(([label, value]) => `${label}${t.colon}${value}`),
      `${t.usesTitle}${t.colon.trimEnd()}`,
      ...(useRows.length === 0
        ? [t.noUses]
        : useRows.map((row) => `${t.room} ${row.filter((cell) => cell !== '').join(' — ')}`)),
    ],
    html: [
      htmlTable(['', ''], rewardFigures),
      `<h3>${escapeHtml(t.usesTitle)}</h3>`,
      useRows.length === 0
        ? paragraph(t.noUses)
        : htmlTable([t.room, t.reward, t.code, t.usedAt, t.handedOver], useRows),
    ].join(''),
  };

  const checks = report.cleaningChecks;
  const checkRows = checks.map((check) => [
    check.roomNumber,
    w.date(check.cleaningDate),
    t.outcomes[check.outcome],
    check.staffName ?? '',
  ]);
  const outcomeRows = (['honoured', 'cleanedAnyway'] as const).map((outcome) => [
    t.outcomeCounts[outcome],
    w.number(checks.filter((check) => check.outcome === outcome).length),
  ]);
  const housekeeping: Section =
    checks.length === 0
      ? { title: t.housekeepingTitle, lines: [t.noHousekeeping], html: paragraph(t.noHousekeeping) }
      : {
          title: t.housekeepingTitle,
          lines: [
            ...outcomeRows.map(([label, value]) => `${label}${t.colon}${value}`),
            ...checkRows.map(([room, day, outcome, name]) =>
              [`${t.room} ${room}`, day, outcome, ...(name ? [t.reportedBy(name)] : [])].join(' — '),
            ),
          ],
          html: htmlTable(['', ''], outcomeRows) + htmlTable([t.room, t.day, '', t.by], checkRows),
        };

  const { attention } = report;
  const flags = [
    ...attention.unconfirmedSkips.map((skip) => t.unconfirmedSkip(skip.roomNumber, w.date(skip.cleaningDate))),
    ...attention.unusedClaims.map((claim) =>
      t.unusedClaim(w.room(claim.roomNumber), claim.rewardName, w.time(claim.claimedAt)),
    ),
    ...attention.lowCodePools.map((pool) => t.lowCodePool(pool.rewardName, pool.codesLeft)),
  ];
  const attentionSection: Section =
    flags.length === 0
      ? { title: t.attentionTitle, lines: [t.nothingToFlag], html: paragraph(t.nothingToFlag) }
      : {
          title: t.attentionTitle,
          lines: flags.map((flag) => `- ${flag}`),
          html: `<ul>${flags.map((flag) => `<li>${escapeHtml(flag)}</li>`).join('')}</ul>`,
        };

  return [
    figureSection(t, t.participationTitle, figureRows(['staysPresent', 'staysParticipating'])),
    gestures,
    savings,
    rewards,
    housekeeping,
    attentionSection,
  ];
}

/** The daily report's own sections: what reception and housekeeping act on, and the staff actions. */
function dailySections(t: Texts, w: Writer, report: DailyReport): Section[] {
  const answerRows = report.answers.map((a) => [w.room(a.roomNumber), a.actionName, a.answer === 'YES' ? t.yes : t.no]);
  const cleaningRows = report.skippedCleanings.map((room) => [
    room.roomNumber,
    w.time(room.since),
    room.changedBackAt === null ? t.skipping : t.changedBack(w.time(room.changedBackAt)),
  ]);
  const staffRows = report.staffActions.map(({ kind, count }) => [t.staffActions[kind], w.number(count)]);
  const cleaningTitle = t.cleaningTitle(w.date(report.cleaningDate));
  return [
    answerRows.length === 0
      ? { title: t.answersTitle, lines: [t.noAnswers], html: paragraph(t.noAnswers) }
      : {
          title: t.answersTitle,
          lines: answerRows.map((row) => `${t.room} ${row.join(' — ')}`),
          html: htmlTable([t.room, t.action, t.answer], answerRows),
        },
    cleaningRows.length === 0
      ? { title: cleaningTitle, lines: [t.noCleaningSkipped], html: paragraph(t.noCleaningSkipped) }
      : {
          title: cleaningTitle,
          lines: cleaningRows.map(([room, since, state]) => `${t.room} ${room} — ${t.since} ${since} — ${state}`),
          html: htmlTable([t.room, t.since, ''], cleaningRows),
        },
    figureSection(t, t.staffTitle, staffRows, t.noStaffActions),
  ];
}

/**
 * The CSV of the report's figures (RFC 4180, UTF-8 with a byte order mark, server/csv.ts): one row per figure, with
 * its confirmed share or its range where it has one. The columns and keys are the same in every language.
 */
export function reportCsv(report: PeriodSections): string {
  const { summary } = report;
  type Row = [string, string, string, number, number | null, number | null, number | null, string];
  const rows: Row[] = [
    ['participation', 'staysPresent', '', summary.stays.total, null, null, null, 'stays'],
    ['participation', 'staysParticipating', '', summary.stays.participating, null, null, null, 'stays'],
    ...report.summary.actionsByType.map(
      (g): Row => ['gestures', g.actType, '', g.count, g.confirmed, null, null, 'completions'],
    ),
    ...Object.entries(summary.evidence).map(
      ([level, count]): Row => ['evidence', level, '', count, null, null, null, 'completions'],
    ),
    ...IMPACT_MEASURES.map((measure): Row => {
      const key = AMOUNT_KEYS[measure];
      const { low, high } = summary.savedRange;
      return ['savings', 'total', measure, summary.saved[key], null, low[key], high[key], UNITS[measure]];
    }),
    ...summary.impact.flatMap((category): Row[] => [
      ['units', category.category, '', category.units, category.confirmedUnits, null, null, 'units'],
      ...IMPACT_MEASURES.map((measure): Row => {
        const figure = category[measure];
        const range = figure.savedRange;
        return [
          'savings',
          category.category,
          measure,
          figure.saved,
          null,
          range?.low ?? null,
          range?.high ?? null,
          UNITS[measure],
        ];
      }),
    ]),
    ['rewards', 'claimed', '', summary.rewards.claimed, null, null, null, 'rewards'],
    [
      'rewards',
      'used',
      '',
      summary.rewards.used,
      report.redemptions.filter((use) => use.usedBy === 'staff').length,
      null,
      null,
      'rewards',
    ],
    ['rewards', 'waterDonated', '', summary.waterDonatedLitres, null, null, null, 'L'],
    ['points', 'earned', '', summary.points.earned, null, null, null, 'points'],
    ['points', 'spent', '', summary.points.spent, null, null, null, 'points'],
    ...(['honoured', 'cleanedAnyway'] as const).map(
      (outcome): Row => [
        'housekeeping',
        outcome,
        '',
        report.cleaningChecks.filter((check) => check.outcome === outcome).length,
        null,
        null,
        null,
        'rooms',
      ],
    ),
    ['attention', 'unconfirmedSkips', '', report.attention.unconfirmedSkips.length, null, null, null, 'rooms'],
    ['attention', 'unusedClaims', '', report.attention.unusedClaims.length, null, null, null, 'rewards'],
    ['attention', 'lowCodePools', '', report.attention.lowCodePools.length, null, null, null, 'rewards'],
  ];
  return csvText([['section', 'item', 'measure', 'value', 'confirmed', 'low', 'high', 'unit'], ...rows]);
}

export interface ReportMail extends ComposedMail {
  lang: MailLanguage;
  attachments: MailAttachment[];
}

function composeMail(
  lang: MailLanguage,
  heading: { subject: string; intro: string; csvName: string },
  sections: Section[],
  report: PeriodSections,
): ReportMail {
  const text = [
    heading.intro,
    '',
    ...sections.flatMap((section) => [`== ${section.title} ==`, ...section.lines, '']),
  ].join('\n');
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = [
    '<!doctype html>',
    `<html lang="${lang}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(heading.subject)}</title></head>`,
    `<body dir="${dir}" style="font-family:sans-serif;line-height:1.5;color:#1b1b1b">`,
    paragraph(heading.intro),
    ...sections.map((section) => `<h2>${escapeHtml(section.title)}</h2>\n${section.html}`),
    '</body>',
    '</html>',
  ].join('\n');
  return {
    subject: heading.subject,
    text,
    html,
    lang,
    attachments: [{ filename: heading.csvName, content: reportCsv(report), contentType: 'text/csv; charset=utf-8' }],
  };
}

export function composeDailyReportMail(report: DailyReport): ReportMail {
  const lang = mailLanguage(report.hotel.language);
  const t = TEXTS[lang];
  const w = writer(t, lang, report.hotel.timeZone);
  const day = w.date(report.date);
  return composeMail(
    lang,
    {
      subject: t.subject(report.hotel.name, day),
      intro: t.intro(report.hotel.name, day),
      csvName: `greenmiles-${report.date}.csv`,
    },
    [...sharedSections(t, w, report.sections), ...dailySections(t, w, report)],
    report.sections,
  );
}

/** The month as the mail names it: 'mai 2026'. */
function monthName(month: string, lang: MailLanguage): string {
  const locale = lang === 'ar' ? 'ar-u-nu-latn' : lang;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

export function composeMonthlyReportMail(report: MonthlyReport): ReportMail {
  const lang = mailLanguage(report.hotel.language);
  const t = TEXTS[lang];
  const w = writer(t, lang, report.hotel.timeZone);
  const month = monthName(report.month, lang);
  return composeMail(
    lang,
    {
      subject: t.monthSubject(report.hotel.name, month),
      intro: t.monthIntro(report.hotel.name, month),
      csvName: `greenmiles-${report.month}.csv`,
    },
    sharedSections(t, w, report.sections),
    report.sections,
  );
}
