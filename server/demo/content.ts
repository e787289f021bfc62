/**
 * The demo content: two workspaces a front end can be built against, with something in every state
 * the contract declares and lists longer than one page (the default page size is 10). Plain data:
 * server/demo/seed.ts loads it through the server's services. Times are given relative to the moment
 * the seed runs (days ago, minutes ahead), so the content reads as recent and the scheduled emails
 * fall due minutes after a start, whenever that is.
 *
 * Every field follows the contract's request schemas (PageCreate, PostCreate, ...): a test holds the
 * whole of it to them.
 */
import type { components } from '../../generated/openapi.d.ts';

type CategoryCreate = components['schemas']['CategoryCreate'];

export interface DemoAuthor {
  key: string;
  first_name: string;
  last_name: string;
  email: string;
  position: string;
  short_description: string;
  /** Authors who left: listed with `?active=false`. */
  inactive?: boolean;
}

export type DemoPostState = { status: 'draft' } | { status: 'published' } | { status: 'scheduled'; inDays: number };

export interface DemoPost {
  title: string;
  description: string;
  category?: string;
  author?: string;
  state: DemoPostState;
  /** When it was written. */
  daysAgo: number;
  /** Two colours of its cover picture; a post without one has no image. */
  cover?: [string, string];
  markdown: string;
}

export interface DemoPage {
  name: string;
  slug?: string;
  daysAgo: number;
  categories: Array<CategoryCreate & { key: string; name: string }>;
  posts: DemoPost[];
}

export type DemoSubscriberState = 'active' | 'pending' | 'suppressed';

export interface DemoSubscriber {
  email: string;
  state: DemoSubscriberState;
  daysAgo: number;
}

/**
 * What became of an email: still a draft, sent (or failed to go out) some days ago, or scheduled
 * to go out this many minutes after the seed runs.
 */
export type DemoEmailFate =
  | { status: 'draft' }
  | { status: 'sent'; daysAgo: number }
  | { status: 'failed'; daysAgo: number; error: string }
  | { status: 'scheduled'; inMinutes: number };

export interface DemoEmail {
  subject: string;
  preview: string;
  author?: string;
  daysAgo: number;
  markdown: string;
  fate: DemoEmailFate;
}

export interface DemoNewsletter {
  name: string;
  daysAgo: number;
  subscribers: DemoSubscriber[];
  emails: DemoEmail[];
}

export interface DemoWorkspace {
  name: string;
  /** The mock's fixed token for this workspace (the admin command makes random ones). */
  mockToken: string;
  authors: DemoAuthor[];
  pages: DemoPage[];
  newsletters: DemoNewsletter[];
}

/** A post body: a lead paragraph, sections, and optionally a picture, a list or a table. */
function article(parts: { lead: string; sections: Array<[string, string]>; list?: string[]; table?: string[][]; quote?: string; image?: string }): string {
  const blocks = [parts.lead];
  if (parts.image) blocks.push(`![${parts.image}](cover)`);
  for (const [heading, text] of parts.sections) blocks.push(`## ${heading}`, text);
  if (parts.list) blocks.push(parts.list.map((item) => `- ${item}`).join('\n'));
  if (parts.quote) blocks.push(`> ${parts.quote}`);
  if (parts.table) {
    const [head, ...rows] = parts.table;
    blocks.push([`| ${head!.join(' | ')} |`, `|${head!.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

/**
 * `count` subscribers named from the lists below, at a domain of the reserved example names, joining
 * from `since` days ago (the first one then) up to a week ago.
 */
function readers(count: number, domain: string, offset: number, since: number): DemoSubscriber[] {
  const first = ['ada', 'ben', 'chloe', 'dev', 'elena', 'farid', 'greta', 'hiro', 'isla', 'jonah', 'kemi', 'luca', 'mira', 'noor', 'oscar', 'priya', 'quinn', 'rosa', 'sven', 'tara', 'umar', 'vera', 'wen', 'xavi', 'yara', 'zane'];
  const last = ['moreau', 'ito', 'novak', 'okoye', 'silva', 'berg', 'khan', 'lund', 'costa', 'walsh', 'adeyemi', 'ferri', 'haas'];
  return Array.from({ length: count }, (_, i) => {
    const n = i + offset;
    // Most are active; every seventh has not confirmed yet, every ninth unsubscribed or bounced.
    const state: DemoSubscriberState = i % 9 === 8 ? 'suppressed' : i % 7 === 6 ? 'pending' : 'active';
    return { email: `${first[n % first.length]}.${last[(n * 5) % last.length]}@${domain}`, state, daysAgo: since - ((i * 11) % (since - 6)) };
  });
}

const northwind: DemoWorkspace = {
  name: 'Northwind Journal',
  mockToken: 'pub_demo_northwind',
  authors: [
    { key: 'maya', first_name: 'Maya', last_name: 'Okafor', email: 'maya@northwind.example', position: 'Editor in chief', short_description: 'Walks, writes and edits; has not met a ridge line she did not want to follow.' },
    { key: 'tomas', first_name: 'Tomás', last_name: 'Reyes', email: 'tomas@northwind.example', position: 'Staff writer', short_description: 'Coasts, tides and the people who fish them.' },
    { key: 'ingrid', first_name: 'Ingrid', last_name: 'Halvorsen', email: 'ingrid@northwind.example', position: 'Photographer', short_description: 'Photographs weather, mostly the bad kind.' },
    { key: 'sam', first_name: 'Sam', last_name: 'Whitfield', email: 'sam@northwind.example', position: 'Contributor', short_description: 'Wrote the Kitchen Table column until last spring.', inactive: true },
  ],
  pages: [
    {
      name: 'Field Notes',
      daysAgo: 90,
      categories: [
        { key: 'hiking', name: 'Hiking', description: 'Routes, ridges and long days on foot.', color: '#2E7D32' },
        { key: 'coast', name: 'Coast', description: 'Tides, harbours and the people who live by them.', color: '#0277BD' },
        { key: 'gear', name: 'Gear', description: 'What we carry, what we fixed, what we left at home.', color: '#6D4C41' },
        { key: 'seasons', name: 'Seasons', description: 'What changes, month by month.', color: '#F9A825' },
      ],
      posts: [
        {
          title: 'Three days on the Ridgeway',
          description: 'Eighty-seven miles of chalk, skylarks and one very wet night near Uffington.',
          category: 'hiking', author: 'maya', state: { status: 'published' }, daysAgo: 62, cover: ['#2E7D32', '#C5E1A5'],
          markdown: article({
            lead: 'The Ridgeway is called the oldest road in Britain, and on the second morning, with the mist still sitting in the valleys, it is easy to believe.',
            image: 'Chalk track over a green ridge at dawn',
            sections: [
              ['Day one: Overton Hill to Ogbourne St George', 'Nine miles of wide track, grazing sheep and very little shade. Carry more water than you think: there are **two taps** on the whole stretch.'],
              ['Day two: the White Horse', 'The climb to Uffington is short and the view is long. We camped below the hill fort and the rain found us at two in the morning.'],
              ['Day three: down to Goring', 'The last day drops off the chalk into beech woods and the Thames. Trains back to London leave every half hour.'],
            ],
            table: [['Day', 'Miles', 'Climb'], ['1', '9', '210 m'], ['2', '16', '340 m'], ['3', '14', '180 m']],
          }),
        },
        {
          title: 'What the tide tables do not tell you',
          description: 'Spring tides, neap tides, and why the harbour master still looks at the sky.',
          category: 'coast', author: 'tomas', state: { status: 'published' }, daysAgo: 55, cover: ['#01579B', '#81D4FA'],
          markdown: article({
            lead: 'A tide table is a promise made a year in advance. The sea keeps most of it.',
            sections: [
              ['Wind against tide', 'A strong onshore wind can hold the water up for hours: the printed low water arrives *late and high*.'],
              ['Pressure', 'Every millibar below average raises the sea by about a centimetre. A deep low is worth half a metre.'],
            ],
            quote: 'The table tells you when. The weather tells you how much. — Aled, harbour master, forty-one years',
          }),
        },
        {
          title: 'A repair kit that fits in a tin',
          description: 'Eleven things that have saved a trip, and the tin that holds them.',
          category: 'gear', author: 'ingrid', state: { status: 'published' }, daysAgo: 48, cover: ['#4E342E', '#BCAAA4'],
          markdown: article({
            lead: 'Everything here has been used at least once, usually in the rain.',
            sections: [['The tin', 'An old mint tin, 9 × 6 cm, with the lid taped shut with the tape it carries.']],
            list: ['Two metres of duct tape wound round a pencil', 'A needle and dental floss', 'Four safety pins', 'A tent pole splint', 'Spare cord lock', 'Tenacious tape patches', 'Lighter', 'Two zip ties', 'Spare buckle', 'Puncture repair patches', 'A list of what is in the tin'],
          }),
        },
        {
          title: 'First frost on the high moor',
          description: 'October arrived overnight: notes from a cold dawn walk above the tree line.',
          category: 'seasons', author: 'maya', state: { status: 'published' }, daysAgo: 41, cover: ['#37474F', '#E1F5FE'],
          markdown: article({
            lead: 'The bracken had turned the week before; the frost turned everything else.',
            sections: [['Sounds', 'Frost makes a moor loud. Every step on the frozen grass cracks, and the grouse hear you coming from a hundred metres.'], ['Light', 'Low sun, long shadows, and for an hour the whole valley was pink.']],
          }),
        },
        {
          title: 'Harbour to headland: a coastal loop',
          description: 'A seven-mile loop with two cafés, one ferry and a lot of steps.',
          category: 'coast', author: 'tomas', state: { status: 'published' }, daysAgo: 36, cover: ['#006064', '#B2EBF2'],
          markdown: article({
            lead: 'Start at the harbour, keep the sea on your left, and trust the acorn waymarks.',
            sections: [['The ferry', 'It runs on the hour from Easter to October. Out of season, add three miles round the estuary.'], ['The steps', 'There are 342 of them up to the headland. We counted, twice, and got different answers.']],
            table: [['Stage', 'Distance'], ['Harbour to ferry', '1.5 mi'], ['Ferry to headland', '3 mi'], ['Headland to harbour', '2.5 mi']],
          }),
        },
        {
          title: 'Choosing a winter sleeping bag',
          description: 'Comfort ratings, fill power and the liner nobody talks about.',
          category: 'gear', author: 'ingrid', state: { status: 'published' }, daysAgo: 30,
          markdown: article({
            lead: 'The number on the label is the temperature at which an average woman sleeps comfortably. You are not average, and neither is the ground.',
            sections: [['Comfort, limit, extreme', 'Buy for the **comfort** rating. The limit rating is where you stop sleeping and start waiting for dawn.'], ['Down or synthetic', 'Down for dry cold, synthetic for wet cold. Most British winters are wet cold.']],
          }),
        },
        {
          title: 'Walking the drove roads',
          description: 'The cattle are gone; the roads they made are still there, and still walkable.',
          category: 'hiking', author: 'maya', state: { status: 'published' }, daysAgo: 24, cover: ['#558B2F', '#F0F4C3'],
          markdown: article({
            lead: 'For three centuries, cattle walked from the Highlands to the markets of England on roads made by their own feet.',
            sections: [['Finding them', 'Look for wide green lanes between stone walls, often running straight over hills that a modern road would go round.']],
            list: ['Wear gaiters: drove roads hold water', 'Carry a 1:25,000 map', 'Leave gates as you find them'],
          }),
        },
        {
          title: 'Night fishing with the Pengelly brothers',
          description: 'Mackerel, phosphorescence and a flask of tea at three in the morning.',
          category: 'coast', author: 'tomas', state: { status: 'published' }, daysAgo: 18, cover: ['#1A237E', '#7986CB'],
          markdown: article({
            lead: 'The boat left at midnight; by one the lines were in, and the water glowed green wherever it moved.',
            sections: [['The catch', 'Forty mackerel, two pollack and a dogfish that went back in.'], ['The tea', 'Strong, sweet, and from a flask older than either brother.']],
          }),
        },
        {
          title: 'Layering for changeable weather',
          description: 'Base, mid and shell: a system that works from car park to summit.',
          category: 'gear', author: 'ingrid', state: { status: 'published' }, daysAgo: 12,
          markdown: article({
            lead: 'If you are warm at the start, you are wearing too much.',
            sections: [['Base layer', 'Merino or synthetic, never cotton.'], ['Mid layer', 'A fleece or a light synthetic jacket you can walk in.'], ['Shell', 'Waterproof, with a hood that turns with your head.']],
          }),
        },
        {
          title: 'Snowdrops in the valley woods',
          description: 'Where to see them, and how not to trample them doing so.',
          category: 'seasons', author: 'maya', state: { status: 'scheduled', inDays: 3 }, daysAgo: 4, cover: ['#ECEFF1', '#90A4AE'],
          markdown: article({
            lead: 'By the end of January the woods below the church are white again, and not with snow.',
            sections: [['Where', 'The footpath from the lychgate follows the stream for a mile; the best drifts are on the north bank.'], ['How', 'Stay on the path. A snowdrop bulb takes five years to flower.']],
          }),
        },
        {
          title: 'Spring tides and the causeway crossing',
          description: 'Safe crossing times for the next three months, and what to do if you get them wrong.',
          category: 'coast', author: 'tomas', state: { status: 'scheduled', inDays: 9 }, daysAgo: 3,
          markdown: article({
            lead: 'Every year, the coastguard rescues someone from the refuge box halfway across. Every year, it is someone who checked the tide table once, a week before.',
            sections: [['Before you go', 'Check the times on the day. Leave the island at least two hours before high water.']],
          }),
        },
        {
          title: 'Draft: bothies of the north-west',
          description: 'A list of bothies we have slept in, with honest ratings.',
          category: 'hiking', author: 'maya', state: { status: 'draft' }, daysAgo: 2,
          markdown: article({ lead: 'Work in progress: six bothies so far, two still to visit.', sections: [['Ratings', 'Roof, stove, mice. Each out of five.']], table: [['Bothy', 'Roof', 'Stove', 'Mice'], ['Shenavall', '5', '4', '2'], ['Suileag', '4', '5', '1']] }),
        },
        {
          title: 'Fixing a delaminated boot sole',
          description: 'Contact cement, clamps and patience.',
          category: 'gear', author: 'ingrid', state: { status: 'draft' }, daysAgo: 1,
          markdown: article({ lead: 'Notes and photos to follow.', sections: [['Steps', '1. Clean both surfaces\n2. Roughen with sandpaper\n3. Two coats of cement, fifteen minutes apart\n4. Clamp overnight']] }),
        },
        {
          title: 'Untitled: autumn colour walk',
          description: 'Ideas for an autumn piece; not ready yet.',
          state: { status: 'draft' }, daysAgo: 0,
          markdown: 'Beeches first, then the larches. Ask Ingrid for the photographs from last year.\n',
        },
      ],
    },
    {
      name: 'Kitchen Table',
      daysAgo: 80,
      categories: [
        { key: 'recipes', name: 'Recipes', description: 'Things to cook, tested at least twice.', color: '#C62828' },
        { key: 'pantry', name: 'Pantry', description: 'Jars, tins and what to do with them.', color: '#EF6C00' },
      ],
      posts: [
        {
          title: 'Bothy porridge, three ways',
          description: 'Oats, water, salt, and then the arguments start.',
          category: 'recipes', author: 'sam', state: { status: 'published' }, daysAgo: 70, cover: ['#8D6E63', '#FFE0B2'],
          markdown: article({ lead: 'Porridge at a bothy is made with what is left in the bag.', sections: [['Plain', 'One part oats, three parts water, a pinch of salt, stirred for five minutes.'], ['Sweet', 'Add a handful of dried apricots and a spoon of honey.'], ['Savoury', 'Cheese, black pepper and a fried egg, if you carried one.']] }),
        },
        {
          title: 'Smoked mackerel pâté',
          description: 'Five minutes, one bowl, no cooking.',
          category: 'recipes', author: 'tomas', state: { status: 'published' }, daysAgo: 17,
          markdown: article({ lead: 'The best use of a night\'s catch that did not get eaten the next day.', sections: [['Method', 'Flake two smoked fillets, beat in 100 g of cream cheese, lemon juice and black pepper.']], list: ['2 smoked mackerel fillets', '100 g cream cheese', 'Half a lemon', 'Black pepper'] }),
        },
        {
          title: 'A store cupboard for a wet weekend',
          description: 'What to keep in so that a washed-out weekend is still a good one.',
          category: 'pantry', author: 'sam', state: { status: 'published' }, daysAgo: 58,
          markdown: article({ lead: 'Tins, jars and one good cheese.', sections: [], list: ['Chickpeas', 'Chopped tomatoes', 'Anchovies', 'Capers', 'Dried pasta', 'Parmesan'] }),
        },
        {
          title: 'Hedgerow jelly',
          description: 'Crab apples, rosehips and blackberries, strained overnight.',
          category: 'pantry', author: 'maya', state: { status: 'published' }, daysAgo: 39, cover: ['#880E4F', '#F8BBD0'],
          markdown: article({ lead: 'Pick on a dry day, after the first frost if you can wait.', sections: [['Straining', 'Hang the pulp in a jelly bag overnight and do **not** squeeze it, unless you like cloudy jelly.']] }),
        },
        {
          title: 'Winter stew for a crowd',
          description: 'Feeds twelve after a long walk; better on the second day.',
          category: 'recipes', author: 'maya', state: { status: 'scheduled', inDays: 5 }, daysAgo: 2,
          markdown: article({ lead: 'Brown the meat in batches; the rest is waiting.', sections: [['Timing', 'Three hours in a low oven, or all afternoon on the stove of a bothy.']] }),
        },
        {
          title: 'Notes for a sourdough piece',
          description: 'Starter, timings, and the flour question.',
          category: 'recipes', state: { status: 'draft' }, daysAgo: 1,
          markdown: 'Outline:\n\n1. Starter\n2. Timings\n3. Flour\n',
        },
      ],
    },
    { name: 'Letters from Readers', daysAgo: 5, categories: [], posts: [] },
  ],
  newsletters: [
    {
      name: 'The Weekly Dispatch',
      daysAgo: 88,
      subscribers: readers(26, 'example.com', 0, 80),
      emails: [
        ...[9, 8, 7, 6, 5, 4, 3, 2].map((week): DemoEmail => ({
          subject: `The Weekly Dispatch, no. ${30 - week}`,
          preview: ['Ridges, tides and a repair kit in a tin', 'First frost, and a loop round the headland', 'Drove roads and a winter sleeping bag', 'Night fishing and smoked mackerel'][week % 4]!,
          author: 'maya',
          daysAgo: week * 7 + 2,
          markdown: `# This week\n\nHello from the Journal. This week: **${['the Ridgeway', 'the high moor', 'drove roads', 'night fishing'][week % 4]}**, and a few things we found along the way.\n\n- Read the latest Field Notes\n- Reply to this email: we read every answer\n\nMaya\n`,
          fate: { status: 'sent', daysAgo: week * 7 },
        })),
        {
          subject: 'The Weekly Dispatch, no. 29',
          preview: 'Layering, snowdrops and a causeway',
          author: 'maya',
          daysAgo: 8,
          markdown: '# This week\n\nLayering for changeable weather, and where the snowdrops are.\n',
          fate: { status: 'failed', daysAgo: 7, error: '421 4.3.2 Service not available, closing transmission channel' },
        },
        {
          subject: 'The Weekly Dispatch, no. 30',
          preview: 'Causeway crossings and a winter stew',
          author: 'maya',
          daysAgo: 1,
          markdown: '# This week\n\nSafe causeway crossings for the spring tides, and a stew that feeds twelve.\n',
          fate: { status: 'scheduled', inMinutes: 3 },
        },
        {
          subject: 'The Weekly Dispatch, no. 31',
          preview: 'Bothies of the north-west',
          author: 'maya',
          daysAgo: 0,
          markdown: '# This week\n\n_Draft._ Bothies, ranked honestly.\n',
          fate: { status: 'draft' },
        },
        { subject: 'Reader survey', preview: 'Five questions, two minutes', daysAgo: 0, markdown: 'What should we write about next year?\n', fate: { status: 'draft' } },
      ],
    },
    {
      name: 'Recipe of the Month',
      daysAgo: 75,
      subscribers: readers(9, 'example.org', 7, 70),
      emails: [
        { subject: 'Recipe of the Month: bothy porridge', preview: 'Three ways with oats', author: 'sam', daysAgo: 62, markdown: '# Porridge\n\nThree ways, from plain to a fried egg on top.\n', fate: { status: 'sent', daysAgo: 60 } },
        { subject: 'Recipe of the Month: hedgerow jelly', preview: 'Crab apples and rosehips', author: 'maya', daysAgo: 33, markdown: '# Hedgerow jelly\n\nPick after the first frost.\n', fate: { status: 'sent', daysAgo: 31 } },
        { subject: 'Recipe of the Month: winter stew', preview: 'For twelve, better the second day', author: 'maya', daysAgo: 1, markdown: '# Winter stew\n\nBrown the meat in batches.\n', fate: { status: 'scheduled', inMinutes: 10 } },
        { subject: 'Recipe of the Month: sourdough', preview: 'Starter, timings, flour', daysAgo: 0, markdown: '# Sourdough\n\n_Draft._\n', fate: { status: 'draft' } },
      ],
    },
  ],
};

const tidewater: DemoWorkspace = {
  name: 'Tidewater Software',
  mockToken: 'pub_demo_tidewater',
  authors: [
    { key: 'priya', first_name: 'Priya', last_name: 'Raman', email: 'priya@tidewater.example', position: 'Engineering manager', short_description: 'Runs the platform team; writes about the boring parts that keep things up.' },
    { key: 'jonas', first_name: 'Jonas', last_name: 'Becker', email: 'jonas@tidewater.example', position: 'Developer advocate', short_description: 'Writes the release notes and answers the questions they raise.' },
  ],
  pages: [
    {
      name: 'Engineering Blog',
      slug: 'engineering',
      daysAgo: 120,
      categories: [
        { key: 'infra', name: 'Infrastructure', description: 'Databases, queues and the things that wake us at night.', color: '#455A64' },
        { key: 'frontend', name: 'Front end', description: 'Browsers, bundles and accessibility.', color: '#7B1FA2' },
        { key: 'practice', name: 'Practice', description: 'How we work: reviews, on-call, incidents.', color: '#00897B' },
      ],
      posts: [
        ...[
          ['Moving our queue off Redis', 'Why we moved background jobs into the database, and what got simpler.', 'infra'],
          ['A year of blameless incident reviews', 'Thirty-one reviews, four patterns, one template.', 'practice'],
          ['Shipping less JavaScript', 'How we cut the dashboard bundle from 1.4 MB to 380 KB.', 'frontend'],
          ['SQLite in production, honestly', 'Where it shines, where it does not, and WAL mode.', 'infra'],
          ['Keyboard first: an accessibility audit', 'Every screen, only the Tab key: what broke.', 'frontend'],
          ['On-call without burnout', 'Rotations, handovers and paying people for it.', 'practice'],
          ['Rate limits that explain themselves', 'RateLimit headers, Retry-After and clients that listen.', 'infra'],
          ['Forms that survive a 422', 'Showing the server\'s field errors next to the right field.', 'frontend'],
          ['Code review in small pieces', 'Why we cap pull requests at four hundred lines.', 'practice'],
          ['Zero-downtime migrations', 'Expand, migrate, contract: the three-step we use every week.', 'infra'],
        ].map(([title, description, category], i): DemoPost => ({
          title: title!,
          description: description!,
          category,
          author: i % 2 === 0 ? 'priya' : 'jonas',
          state: { status: 'published' },
          daysAgo: 110 - i * 10,
          ...(i % 3 === 0 ? { cover: [['#263238', '#80CBC4'], ['#4A148C', '#CE93D8'], ['#004D40', '#A7FFEB'], ['#37474F', '#FFCC80']][i % 4] as [string, string] } : {}),
          markdown: article({
            lead: `${description} This post is part of our series on ${category === 'infra' ? 'infrastructure' : category === 'frontend' ? 'the front end' : 'how we work'}.`,
            sections: [
              ['The problem', 'It started, as these things do, with a graph that went the wrong way and a pager that went off at 03:12.'],
              ['What we changed', 'We wrote down what we wanted first, then changed one thing at a time, measuring `p99` latency before and after each step.'],
              ['What we learned', 'Small changes, measured, beat one big rewrite. Every time.'],
            ],
            ...(i % 2 === 1 ? { list: ['Measure before you change anything', 'Change one thing at a time', 'Write down what you expected'] } : {}),
          }),
        })),
        {
          title: 'Postgres or SQLite for the next service?',
          description: 'An internal decision record, published once it is decided.',
          category: 'infra', author: 'priya', state: { status: 'draft' }, daysAgo: 4,
          markdown: '## Context\n\nThe new service needs one writer and many readers.\n\n## Options\n\n1. Postgres\n2. SQLite with WAL\n',
        },
        {
          title: 'Introducing the new editor',
          description: 'Drafts, schedules and previews in one place.',
          category: 'frontend', author: 'jonas', state: { status: 'scheduled', inDays: 2 }, daysAgo: 3, cover: ['#311B92', '#B39DDB'],
          markdown: article({ lead: 'The editor you asked for is here next week.', sections: [['Scheduling', 'Pick a time; the post goes out on its own.']] }),
        },
      ],
    },
    {
      name: 'Changelog',
      daysAgo: 100,
      categories: [{ key: 'release', name: 'Releases', description: 'What changed in each version.', color: '#1565C0' }],
      posts: ['4.2', '4.3', '4.4', '4.5'].map((version, i): DemoPost => ({
        title: `Version ${version}`,
        description: `What is new in version ${version}.`,
        category: 'release',
        author: 'jonas',
        state: i === 3 ? { status: 'draft' } : { status: 'published' },
        daysAgo: 90 - i * 25,
        markdown: `### Added\n\n- Export to CSV\n- Dark mode for the dashboard\n\n### Fixed\n\n- Dates in the wrong time zone on weekly reports\n\n~~Removed~~ the legacy v0 endpoints (announced in ${i === 0 ? '4.0' : `4.${i}`}).\n`,
      })),
    },
  ],
  newsletters: [
    {
      name: 'Product Updates',
      daysAgo: 130,
      subscribers: readers(14, 'example.net', 3, 125),
      emails: [
        ...[4, 3, 2, 1].map((month): DemoEmail => ({
          subject: `Product updates: ${['June', 'July', 'August', 'September'][4 - month]}`,
          preview: 'New features, fixes and what is coming next',
          author: 'jonas',
          daysAgo: month * 28 + 1,
          markdown: `## New this month\n\n- Faster dashboards\n- A new export\n\n[Read the changelog](https://tidewater.example/changelog)\n`,
          fate: { status: 'sent', daysAgo: month * 28 },
        })),
        { subject: 'Product updates: October', preview: 'Dark mode is here', author: 'jonas', daysAgo: 6, markdown: '## Dark mode\n\nFinally.\n', fate: { status: 'failed', daysAgo: 5, error: '554 5.7.1 Message rejected: sending quota exceeded' } },
        { subject: 'Product updates: November', preview: 'The new editor', author: 'jonas', daysAgo: 1, markdown: '## The new editor\n\nDrafts, schedules and previews.\n', fate: { status: 'scheduled', inMinutes: 5 } },
        { subject: 'Product updates: December', preview: 'Year in review', author: 'priya', daysAgo: 0, markdown: '## A year in review\n\n_Draft._\n', fate: { status: 'draft' } },
      ],
    },
    {
      // No subscribers yet: its draft cannot be sent (a real 422 email-not-sendable).
      name: 'Beta Testers',
      daysAgo: 2,
      subscribers: [],
      emails: [{ subject: 'Welcome to the beta', preview: 'What to expect and how to report bugs', author: 'priya', daysAgo: 1, markdown: 'Thank you for joining the beta.\n', fate: { status: 'draft' } }],
    },
  ],
};

export const DEMO_WORKSPACES: readonly DemoWorkspace[] = [northwind, tidewater];
