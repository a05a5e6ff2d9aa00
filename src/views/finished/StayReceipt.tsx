import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import type { EvidenceLevel } from '../../../contract/evidence.ts';
import { EVIDENCE_LEVELS } from '../../../contract/evidence.ts';
import type { EvidenceCounts, ImpactSource, ReceiptLine, StayReceiptReply } from '../../../contract/schemas.ts';
import type { stayReceiptMachine } from '../../../machines/stayReceipt.machine.ts';
import { receiptPdfUrl } from '../../api/stays.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { dataStateOf } from '../binding/dataState.ts';
import { stayReceiptLogic } from './stayReceipt.logic.ts';
import './StayReceipt.css';

type Measure = 'water' | 'energy' | 'co2e';
const MEASURES: readonly Measure[] = ['water', 'energy', 'co2e'];
const UNITS: Record<Measure, string> = { water: 'L', energy: 'kWh', co2e: 'g' };
const TOTALS: Record<Measure, 'waterLitres' | 'energyKwh' | 'co2eGrams'> = {
  water: 'waterLitres',
  energy: 'energyKwh',
  co2e: 'co2eGrams',
};

export interface StayReceiptProps {
  sUUID: string;
  profileUUID: string;
  language: string;
  /** Replaces the receipt's calls (tests). */
  logic?: typeof stayReceiptMachine;
}

/**
 * The stay's impact receipt (docs/behaviour.md#receipt): its gestures with estimated savings, ranges, evidence and
 * sources, the totals, the donations apart as contributions, the PDF and the e-mail. Prints on one A4 page.
 */
export function StayReceipt({ sUUID, profileUUID, language, logic = stayReceiptLogic }: StayReceiptProps) {
  const { t } = useLingui();
  const titleId = useId();
  const actor = useActorRef(logic, { input: { sUUID, profileUUID, language } });
  const state = useSelector(actor, dataStateOf);
  const receipt = useSelector(actor, (snapshot) => snapshot.context.receipt);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));

  return (
    <section className="receipt" data-scope="stay-receipt" data-state={state} aria-labelledby={titleId}>
      <h2 id={titleId} className="receipt__title">
        <Trans>Votre reçu d'impact</Trans>
      </h2>
      {failed ? (
        <ErrorCard
          message={t`Impossible de récupérer le reçu.`}
          onRetry={() => actor.send({ type: 'receipt.retry' })}
        />
      ) : receipt ? (
        <ReceiptBody receipt={receipt} pdfUrl={receiptPdfUrl({ sUUID, profileUUID }, language)} actor={actor} />
      ) : (
        <Spinner label={t`Chargement du reçu…`} />
      )}
    </section>
  );
}

function useFormat() {
  const { i18n } = useLingui();
  const format = new Intl.NumberFormat(`${i18n.locale || 'fr'}-u-nu-latn`, { maximumFractionDigits: 2 });
  return (value: number, measure: Measure) => `${format.format(value)} ${UNITS[measure]}`;
}

function ReceiptBody({
  receipt,
  pdfUrl,
  actor,
}: {
  receipt: StayReceiptReply;
  pdfUrl: string;
  actor: ReturnType<typeof useActorRef<typeof stayReceiptMachine>>;
}) {
  const { t } = useLingui();
  const format = useFormat();
  const labels: Record<Measure, string> = { water: t`Eau`, energy: t`Énergie`, co2e: t`CO2e` };
  return (
    <>
      {receipt.status === 'active' && (
        <p className="receipt__note">
          <Trans>Séjour en cours : vos gestes à ce jour.</Trans>
        </p>
      )}
      <p className="receipt__note">
        <Trans>
          Économies estimées de vos gestes, calculées avec les facteurs publiés cités en source ; ce sont des
          estimations, pas des mesures.
        </Trans>
      </p>
      {receipt.lines.length === 0 ? (
        <p className="receipt__note">
          <Trans>Aucun geste enregistré pour l'instant.</Trans>
        </p>
      ) : (
        <ul className="receipt__lines" aria-label={t`Vos gestes`}>
          {receipt.lines.map((line) => (
            <Line key={line.actId} line={line} labels={labels} />
          ))}
        </ul>
      )}
      <div className="receipt__totals" data-part="totals">
        <h3 className="receipt__subtitle">
          <Trans>Total estimé</Trans>
        </h3>
        <dl className="receipt__figures">
          {MEASURES.map((measure) => {
            const key = TOTALS[measure];
            const low = receipt.totalsRange.low[key];
            const high = receipt.totalsRange.high[key];
            return (
              <div key={measure} className="receipt__figure" data-part="total" data-measure={measure}>
                <dt>{labels[measure]}</dt>
                <dd>
                  <span className="receipt__value">
                    <bdi dir="ltr">{format(receipt.totals[key], measure)}</bdi>
                  </span>
                  {low !== high && <Range low={format(low, measure)} high={format(high, measure)} />}
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
      {receipt.contributions.length > 0 && <Contributions receipt={receipt} />}
      <ReceiptActions pdfUrl={pdfUrl} actor={actor} />
    </>
  );
}

function Range({ low, high }: { low: string; high: string }) {
  return (
    <span className="receipt__range" data-part="range">
      <Trans>
        de {low} à {high}
      </Trans>
    </span>
  );
}

function useEvidenceText() {
  const { t } = useLingui();
  const labels: Record<EvidenceLevel, string> = {
    declared: t`déclaré`,
    photographed: t`photographié`,
    scanned: t`scanné sur place`,
    staffConfirmed: t`confirmé par le personnel`,
  };
  return (counts: EvidenceCounts) => {
    const levels = EVIDENCE_LEVELS.filter((level) => counts[level] > 0);
    if (levels.length === 1) return labels[levels[0] as EvidenceLevel];
    return levels.map((level) => `${labels[level]} ×${counts[level]}`).join(', ');
  };
}

/** The line's sources, once each. */
function sourcesOf(line: ReceiptLine): ImpactSource[] {
  const seen = new Map<string, ImpactSource>();
  for (const measure of MEASURES) {
    const source = line.figures?.[measure].source;
    if (source && !seen.has(source.name)) seen.set(source.name, source);
  }
  return [...seen.values()];
}

function Line({ line, labels }: { line: ReceiptLine; labels: Record<Measure, string> }) {
  const format = useFormat();
  const evidenceText = useEvidenceText();
  const evidence = evidenceText(line.evidence);
  const count = line.count;
  return (
    <li className="receipt__line" data-part="line" data-type={line.actType}>
      <p className="receipt__line-head">
        <span className="receipt__line-name" data-part="name">
          {line.name}
        </span>
        <span className="receipt__count" data-part="count">
          <Trans>× {count}</Trans>
        </span>
      </p>
      {line.figures ? (
        <dl className="receipt__figures">
          {MEASURES.map((measure) => {
            const figure = line.figures?.[measure];
            if (!figure) return null;
            return (
              <div key={measure} className="receipt__figure" data-measure={measure}>
                <dt>{labels[measure]}</dt>
                <dd>
                  <span className="receipt__value">
                    <bdi dir="ltr">{format(figure.saved, measure)}</bdi>
                  </span>
                  {figure.range && figure.range.low !== figure.range.high && (
                    <Range low={format(figure.range.low, measure)} high={format(figure.range.high, measure)} />
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <p className="receipt__participation" data-part="participation">
          <Trans>Participation, sans économie mesurable</Trans>
        </p>
      )}
      <p className="receipt__evidence" data-part="evidence">
        <Trans>Preuve : {evidence}</Trans>
      </p>
      {line.figures && (
        <p className="receipt__sources" data-part="sources">
          <Trans>Sources :</Trans>{' '}
          {sourcesOf(line).map((source, index, all) => {
            // Two sources of one publisher and year on a line are told apart by their citation.
            const label = sourceLabel(source);
            const shown = all.filter((other) => sourceLabel(other) === label).length > 1 ? source.name : label;
            return (
              <span key={source.name}>
                {index > 0 && ' · '}
                {source.url ? (
                  <a
                    href={source.url}
                    target="_blank"
                    rel="noreferrer"
                    className="receipt__source"
                    title={source.name}
                    dir="auto"
                  >
                    {shown}
                  </a>
                ) : (
                  <span className="receipt__source" dir="auto">
                    {shown}
                  </span>
                )}
              </span>
            );
          })}
        </p>
      )}
    </li>
  );
}

/** The publisher and year when known (short), else the citation. */
function sourceLabel(source: ImpactSource): string {
  const short = [source.publisher, source.year].filter((part) => part !== null && part !== '').join(' ');
  return short || source.name;
}

function Contributions({ receipt }: { receipt: StayReceiptReply }) {
  const titleId = useId();
  const { i18n } = useLingui();
  const litresFormat = new Intl.NumberFormat(`${i18n.locale || 'fr'}-u-nu-latn`, { maximumFractionDigits: 1 });
  return (
    <section className="receipt__contributions" data-part="contributions" aria-labelledby={titleId}>
      <h3 id={titleId} className="receipt__subtitle">
        <Trans>Contributions</Trans>
      </h3>
      <p className="receipt__note">
        <Trans>
          Vos dons financent le travail du partenaire indiqué ; ils sont listés à part et ne sont pas déduits des
          chiffres ci-dessus.
        </Trans>
      </p>
      <ul className="receipt__contribution-list">
        {receipt.contributions.map((contribution) => {
          const litres = litresFormat.format(contribution.litres);
          const { partner } = contribution;
          return (
            <li key={`${contribution.rwId}-${contribution.claimedAt}`} data-part="contribution">
              <p className="receipt__line-head">
                <span className="receipt__line-name" data-part="recipient">
                  {/* A partner's name is in no one language: isolated, it reads whole in a right-to-left line. */}
                  {partner?.url ? (
                    <a href={partner.url} target="_blank" rel="noreferrer">
                      <bdi>{partner.name}</bdi>
                    </a>
                  ) : (
                    <bdi>{partner?.name ?? contribution.name}</bdi>
                  )}
                </span>
                <span className="receipt__count">
                  <Trans>{litres} L d'eau potable</Trans>
                </span>
              </p>
              <p className="receipt__evidence">{partner ? partner.guarantee : contribution.description}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ReceiptActions({
  pdfUrl,
  actor,
}: {
  pdfUrl: string;
  actor: ReturnType<typeof useActorRef<typeof stayReceiptMachine>>;
}) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const validationId = useId();
  const email = useSelector(actor, (snapshot) => snapshot.context);
  const editing = useSelector(
    actor,
    (snapshot) => snapshot.matches({ shown: 'editing' }) || snapshot.matches({ shown: 'sending' }),
  );
  const sending = useSelector(actor, (snapshot) => snapshot.hasTag('submitting'));
  const sent = useSelector(actor, (snapshot) => snapshot.matches({ shown: 'sent' }));
  return (
    <div className="receipt__actions" data-part="actions">
      <a className="button-secondary receipt__button" href={pdfUrl} download="receipt.pdf" data-part="pdf">
        <Trans>Télécharger le PDF</Trans>
      </a>
      {editing ? (
        <form
          className="receipt__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!sending) actor.send({ type: 'email.submit' });
          }}
        >
          <label className="receipt__label" htmlFor={inputId}>
            <Trans>Adresse e-mail</Trans>
          </label>
          <input
            id={inputId}
            className="receipt__input"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email.email}
            aria-invalid={email.invalid}
            aria-describedby={email.invalid ? validationId : undefined}
            onChange={(event) => actor.send({ type: 'email.change', value: event.target.value })}
          />
          {email.invalid && (
            <p className="receipt__invalid" id={validationId} data-part="validation">
              <Trans>Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.</Trans>
            </p>
          )}
          {email.error && (
            <p className="receipt__alert" role="alert" data-part="email-error">
              {i18n._(email.error)}
            </p>
          )}
          <button type="submit" className="button-primary receipt__button" aria-disabled={sending}>
            {sending ? t`Envoi en cours…` : t`Envoyer`}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="button-secondary receipt__button"
          onClick={() => actor.send({ type: 'email.open' })}
        >
          <Trans>Envoyer par e-mail</Trans>
        </button>
      )}
      <p className="receipt__status" role="status" data-part="email-status">
        {sent && <Trans>E-mail envoyé</Trans>}
      </p>
    </div>
  );
}
