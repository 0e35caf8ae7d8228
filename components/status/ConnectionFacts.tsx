import type { ComponentChildren } from 'preact';
import type { Connection, Switches } from '@/lib/contract/connection';
import { tnAmount } from '@/lib/format/amount';
import { formatCount } from '@/lib/format/count';
import { formatCents, formatCentsOrUnreadable } from '@/lib/format/money';
import { formatBytes } from '@/lib/format/size';
import { t } from '@/lib/i18n';
import { findingsChoiceWords, switchWords } from '@/lib/words/values';

interface FactProps {
  term: string;
  children: ComponentChildren;
  /** Starts a group: a rule above it, so money, what goes without asking and the switches read apart. */
  first?: boolean;
  /** A part of the row above it (the counts under "Spending without asking"): drawn indented, never first. */
  under?: boolean;
  /** What a member comes to this page for (what they can spend): drawn large, at the head of the list. */
  lead?: boolean;
}

function Fact({ term, children, first = false, under = false, lead = false }: FactProps) {
  const group = lead ? 'fact-lead' : first ? 'fact-first' : undefined;
  return (
    <>
      <dt class={under ? 'fact-under' : group}>{term}</dt>
      <dd class={group}>{children}</dd>
    </>
  );
}

function onOff(on: boolean): string {
  return on ? t('status.stateOn') : t('status.stateOff');
}

/** The switches after Spending (which heads the counts it governs), in the order a member weighs them. */
const OTHER_SWITCHES: readonly Exclude<keyof Switches, 'spending'>[] = [
  'files',
  'sharing',
  'askBeforeNewAgent',
  'tryNewAgents',
];

/**
 * What GET /me said, as one list: a term, then its value at the line's end (style.css), so every amount,
 * count and switch state lines up in one column. The switches are states to read, never controls: a key can
 * never change one, so they are changed on the site's page (the button after this list).
 */
export function ConnectionFacts({ me }: { me: Connection }) {
  return (
    <dl class="facts connection-facts">
      <Fact term={t('status.spendableNow')} lead>
        {formatCents(me.balance.spendableCents)}
      </Fact>
      {/* Its parts, indented under it (docs/contract-gaps.md G9: bought, earned and promotional, less held). */}
      <Fact term={t('status.held')} under>
        {formatCents(me.balance.heldCents)}
      </Fact>
      <Fact term={t('status.bought')} under>
        {formatCents(me.balance.purchasedCents)}
      </Fact>
      <Fact term={t('status.earned')} under>
        {formatCentsOrUnreadable(me.balance.earnedCents)}
      </Fact>
      <Fact term={t('status.promo')} under>
        {formatCents(me.balance.promoCents)}
      </Fact>
      <Fact term={t('status.spentWindow')}>{formatCentsOrUnreadable(me.spentInWindowCents)}</Fact>

      {/* Spending on: a call goes without asking within these counts of the last 24 hours; past them it waits. */}
      <Fact term={switchWords('spending')} first>
        {onOff(me.switches.spending)}
      </Fact>
      <Fact term={t('status.sessionsWithoutAsking')} under>
        {t('status.countOf', {
          used: formatCount(me.today.sessionsUsed),
          allowed: formatCount(me.limits.sessionsPerDay),
        })}
      </Fact>
      <Fact term={t('status.callsWithoutAsking')} under>
        {t('status.countOf', {
          used: formatCount(me.today.callsUsed),
          allowed: formatCount(me.limits.callsPerDay),
        })}
      </Fact>
      <Fact term={t('status.openCallsMax')}>{formatCount(me.limits.openCallsMax)}</Fact>
      <Fact term={t('status.approvalUsable')}>{tnAmount('status.minutes', me.limits.approvalMinutes)}</Fact>
      {/* Bytes have their own "of" message: a count-of-items one would say "items" in some languages. */}
      <Fact term={t('status.downloadsLeft')}>
        {t('resultFiles.leftOf', {
          left: formatBytes(me.downloadsLeftBytes),
          allowance: formatBytes(me.limits.downloadBytesPerDay),
        })}
      </Fact>

      {OTHER_SWITCHES.map((name, index) => (
        <Fact key={name} term={switchWords(name)} first={index === 0}>
          {onOff(me.switches[name])}
        </Fact>
      ))}
      <Fact term={t('status.findingsKept')}>{findingsChoiceWords(me.keepsFindings)}</Fact>
    </dl>
  );
}
