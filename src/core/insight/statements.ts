import type { AreaId } from '../areas';
import type { DsptStandardNumber, KeyQuestion } from './key-questions';

/** What the report says about one statement of the audit, beside the statement itself. */
export interface StatementInsight {
  /** A short name for the statement, for lists and tables. */
  label: string;
  /** The CQC key questions that this statement gives evidence for. */
  keyQuestions: readonly KeyQuestion[];
  /** The Data Security and Protection Toolkit standard it relates to, where one fits. */
  dspt?: DsptStandardNumber;
  /** A concrete next step for a provider who rated the statement 1 or 2. */
  nextStep: string;
}

/** Five entries per area, in the order of the area's statements. */
export const STATEMENT_INSIGHTS: Record<AreaId, readonly StatementInsight[]> = {
  operational: [
    {
      label: 'Care workflows in one digital system',
      keyQuestions: ['Effective', 'Well-led'],
      nextStep:
        'List every paper form and spreadsheet your team uses in a normal week, then move care plans and daily notes into one digital social care record first; the NHS Assured Solutions List of digital social care record suppliers is a good place to start.',
    },
    {
      label: 'Referrals, reviews and follow-ups tracked automatically',
      keyQuestions: ['Responsive', 'Well-led'],
      nextStep:
        'Set up automatic reminders in your care system for care plan reviews, referrals and follow-ups, give each one a named owner, and go through the overdue list at every weekly management meeting.',
    },
    {
      label: 'Rotas, visits and handovers',
      keyQuestions: ['Safe', 'Effective'],
      nextStep:
        'Use one electronic rota that staff can see on a work phone or tablet, record every handover in the same place, and go through missed or late visits and unfilled shifts with your coordinators each week.',
    },
    {
      label: 'Time care staff spend on administration',
      keyQuestions: ['Effective', 'Well-led'],
      nextStep:
        'Ask a few care staff to note their admin time for one week, find the three tasks that take longest (often recording the same thing twice, or timesheets), and remove or automate one of them each quarter.',
    },
    {
      label: 'Responding to referrals and changing needs',
      keyQuestions: ['Responsive'],
      nextStep:
        'Agree response times for new referrals and for changes in a person’s needs, log when each arrives and when it is answered, and go through every one that missed its target at your management meeting.',
    },
  ],
  compliance: [
    {
      label: 'Keeping policies up to date',
      keyQuestions: ['Well-led'],
      nextStep:
        'Sign up for updates from CQC, Skills for Care and your local authority, give one person the job of reading them each month, and keep a policy review log with a date and an owner for every policy.',
    },
    {
      label: 'GDPR tasks: consent, retention and subject access',
      keyQuestions: ['Well-led'],
      dspt: 1,
      nextStep:
        'Keep a record of what personal data you hold, why and for how long, set retention periods in your care system so old records are flagged for deletion, and use a template and log so every subject access request is answered within one month.',
    },
    {
      label: 'Monitoring compliance all year round',
      keyQuestions: ['Safe', 'Well-led'],
      nextStep:
        'Replace the once-a-year audit with a monthly round of short audits (medicines, care plans, training, incidents) whose findings go to the registered manager and into one action log, with a name and a date against every action.',
    },
    {
      label: 'Evidence for every CQC key question',
      keyQuestions: ['Safe', 'Effective', 'Caring', 'Responsive', 'Well-led'],
      nextStep:
        'Keep an evidence folder arranged by the five key questions and CQC’s quality statements, add examples every month, and ask someone from outside the service to run a mock inspection once a year.',
    },
    {
      label: 'Security of personal and care records',
      keyQuestions: ['Safe', 'Well-led'],
      dspt: 9,
      nextStep:
        'Complete the Data Security and Protection Toolkit to at least Standards Met, turn on multi-factor authentication (a code as well as a password) for every system that holds care records, and test your backups by restoring one.',
    },
  ],
  quality: [
    {
      label: 'Personalised care plans',
      keyQuestions: ['Caring', 'Responsive'],
      nextStep:
        'Review each care plan with the person and those close to them, record what matters to them in their own words, and check a sample of plans every month for personal detail rather than stock phrases.',
    },
    {
      label: 'Progress against care plan outcomes',
      keyQuestions: ['Effective', 'Responsive'],
      nextStep:
        'Write two or three outcomes the person wants into each care plan, note progress against them in the daily records, and go through them at every care plan review.',
    },
    {
      label: 'Acting on feedback and complaints',
      keyQuestions: ['Responsive', 'Well-led'],
      nextStep:
        'Log every compliment, concern and complaint in one place, reply within agreed times, and share a short “you said, we did” summary with people, families and staff every quarter.',
    },
    {
      label: 'Spotting health risks early',
      keyQuestions: ['Safe', 'Effective'],
      nextStep:
        'Use a recognised tool such as RESTORE2 to spot signs of deterioration, record every fall and near miss, and look for patterns each month so you can act before an incident happens.',
    },
    {
      label: 'Measuring and reporting outcomes',
      keyQuestions: ['Effective', 'Well-led'],
      nextStep:
        'Choose a few outcome measures (falls, hospital admissions, personal goals met, satisfaction) and report them to your managers and your board or owners every quarter, with the trend over the year.',
    },
  ],
  training: [
    {
      label: 'Training tailored to each role',
      keyQuestions: ['Safe', 'Effective'],
      dspt: 3,
      nextStep:
        'Set out the training each role needs, starting with the Care Certificate, the Oliver McGowan training on learning disability and autism and yearly data security training, and keep a training matrix that shows who is due what.',
    },
    {
      label: 'Finding skill gaps early',
      keyQuestions: ['Safe', 'Effective'],
      nextStep:
        'Each quarter, compare your training matrix with the needs of the people you support, and plan training for any gap before a new care package starts.',
    },
    {
      label: 'Career paths and development',
      keyQuestions: ['Well-led'],
      nextStep:
        'Write down simple routes to progress (care worker to senior carer to team leader), link each step to a qualification such as the Level 2 or Level 3 Diploma in Adult Care, and talk about them at every supervision.',
    },
    {
      label: 'Supervision and feedback',
      keyQuestions: ['Safe', 'Effective', 'Well-led'],
      nextStep:
        'Book supervision for every member of staff at least every three months, record it in one place, and include observed practice and the person’s own goals.',
    },
    {
      label: 'Staff retention',
      keyQuestions: ['Well-led'],
      nextStep:
        'Hold an exit conversation with every leaver and record their reason, compare your turnover with the Skills for Care workforce figures for your region, and act on the most common reason first.',
    },
  ],
  data: [
    {
      label: 'Checking records as they are made',
      keyQuestions: ['Safe', 'Effective'],
      dspt: 1,
      nextStep:
        'Make the vital fields compulsory in your care system (allergies, medicines, next of kin, DNACPR decisions), and have senior staff check a sample of daily notes every week.',
    },
    {
      label: 'Finding information quickly',
      keyQuestions: ['Safe', 'Effective'],
      dspt: 4,
      nextStep:
        'Give staff secure access to care plans and risk assessments on a work phone or tablet, limited by role, so nobody has to ring the office for them.',
    },
    {
      label: 'Complete and consistent records',
      keyQuestions: ['Safe', 'Well-led'],
      dspt: 1,
      nextStep:
        'Keep one record for each person, archive the paper and spreadsheet copies so nobody works from them, and check for duplicates and gaps every month.',
    },
    {
      label: 'Reports without collating by hand',
      keyQuestions: ['Well-led'],
      nextStep:
        'Set up standard reports in your care system for the figures you send to CQC, commissioners and your board, so they come straight from the records rather than being copied into a spreadsheet.',
    },
    {
      label: 'Secure storage and quick retrieval',
      keyQuestions: ['Safe', 'Well-led'],
      dspt: 7,
      nextStep:
        'Write a business continuity plan for losing your care system or your internet connection, test it once a year, and check that you can produce any person’s full record within a day.',
    },
  ],
};
