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
        'List every paper form and spreadsheet your team uses in a normal week, then move care plans and daily notes into one digital social care record first; the assured supplier list on the Digital Social Care website is a good place to start.',
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
        'Use one electronic rota that staff can see on their phones, record every handover in the same place, and review missed and late visits with your coordinators each week.',
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
        'Agree response times for new referrals and for changes in a person’s needs, log when each arrives and when it is answered, and look at every one that missed the target.',
    },
  ],
  compliance: [
    {
      label: 'Keeping policies up to date',
      keyQuestions: ['Well-led'],
      dspt: 5,
      nextStep:
        'Sign up for updates from CQC, Skills for Care and your local authority, give one person the job of reading them each month, and keep a policy review log with dates and owners.',
    },
    {
      label: 'GDPR tasks: consent, retention and subject access',
      keyQuestions: ['Well-led'],
      dspt: 1,
      nextStep:
        'Keep a record of what personal data you hold and why, set retention periods in your care system so old records are flagged for deletion, and use a template and log so every subject access request is answered within one month.',
    },
    {
      label: 'Monitoring compliance all year round',
      keyQuestions: ['Safe', 'Well-led'],
      dspt: 5,
      nextStep:
        'Replace the once-a-year audit with a monthly round of short audits (medicines, care plans, training, incidents) whose findings go to the registered manager and into one action log.',
    },
    {
      label: 'Evidence for every CQC key question',
      keyQuestions: ['Safe', 'Effective', 'Caring', 'Responsive', 'Well-led'],
      nextStep:
        'Keep an evidence folder arranged by the five key questions and CQC’s quality statements, add examples every month, and ask someone from outside the service to run a mock inspection.',
    },
    {
      label: 'Security of personal and care records',
      keyQuestions: ['Safe', 'Well-led'],
      dspt: 9,
      nextStep:
        'Complete the Data Security and Protection Toolkit to at least Standards Met, turn on two-step sign-in for every system that holds care records, and test your backups by restoring one.',
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
        'Choose a few outcome measures (falls, hospital admissions, personal goals met, satisfaction) and report them to your managers and board every quarter, with the trend over the year.',
    },
  ],
  training: [
    {
      label: 'Training tailored to each role',
      keyQuestions: ['Effective'],
      nextStep:
        'Set out the training each role needs, starting with the Care Certificate and the Oliver McGowan training on learning disability and autism, and keep a training matrix that shows who is due what.',
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
        'Write down simple routes to progress (care worker to senior carer to team leader), link each step to a qualification, and talk about them at every supervision.',
    },
    {
      label: 'Supervision and feedback',
      keyQuestions: ['Effective', 'Well-led'],
      dspt: 2,
      nextStep:
        'Book supervision for every member of staff at least every three months, record it in one place, and include observed practice and the person’s own goals.',
    },
    {
      label: 'Staff retention',
      keyQuestions: ['Well-led'],
      nextStep:
        'Record every leaver and their reason in an exit conversation, compare your turnover with the Skills for Care figures for your region, and act on the most common reason.',
    },
  ],
  data: [
    {
      label: 'Checking records as they are made',
      keyQuestions: ['Safe', 'Effective'],
      dspt: 1,
      nextStep:
        'Make the vital fields compulsory in your care system (allergies, medicines, next of kin), and have senior staff check a sample of daily notes every week.',
    },
    {
      label: 'Finding information quickly',
      keyQuestions: ['Safe', 'Effective'],
      dspt: 4,
      nextStep:
        'Give staff secure access to care plans and risk assessments on their phones, limited by role, so nobody has to ring the office for them.',
    },
    {
      label: 'Complete and consistent records',
      keyQuestions: ['Safe', 'Well-led'],
      dspt: 1,
      nextStep:
        'Keep one record for each person, retire the paper and spreadsheet copies, and check for duplicates and gaps every month.',
    },
    {
      label: 'Reports without collating by hand',
      keyQuestions: ['Well-led'],
      nextStep:
        'Set up standard reports in your care system for the figures you send to CQC, commissioners and your board, so they come straight from the records rather than a spreadsheet.',
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
