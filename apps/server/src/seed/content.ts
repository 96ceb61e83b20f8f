/** Demo content for a fresh install: the six footer categories, tags, stories, photos and comments. */

export const demoCategories = [
  { name: 'Adventure Travel', slug: 'adventure-travel', color: '#EA580C', description: 'Treks, climbs and long roads.' },
  { name: 'Beach Destinations', slug: 'beach-destinations', color: '#0891B2', description: 'Coasts, islands and coral.' },
  { name: 'Cultural Experiences', slug: 'cultural-experiences', color: '#9333EA', description: 'Food, festivals and people.' },
  { name: 'Travel Tips', slug: 'travel-tips', color: '#16A34A', description: 'Practical advice from the road.' },
  { name: 'Tech', slug: 'tech', color: '#2563EB', description: 'Cameras, drones and apps we travel with.' },
  { name: 'Lifestyle', slug: 'lifestyle', color: '#DB2777', description: 'Living and working on the move.' },
]

export const demoTags = [
  'Hiking', 'Mountains', 'Islands', 'Street Food', 'Budget', 'Photography', 'Drone', 'Festivals', 'Road Trip',
  'Solo Travel', 'Camping', 'Digital Nomad',
]

/**
 * Demo photos. The tags 'hero', 'about' and 'gear' choose them for the Home hero, the About photos and the gear list
 * (GET /api/gallery/body-photos?use=…): that is how the owner picks body photos for their own site too.
 */
export const demoPhotos = [
  { title: 'Sunrise over the Annapurna range', location: 'Pokhara, Nepal', caption: 'First light paints the peaks orange.', tags: ['mountains', 'sunrise', 'nepal', 'hero'] },
  { title: 'Glassy morning at the lagoon', location: 'El Nido, Philippines', caption: 'Not a ripple before the boats arrive.', tags: ['beach', 'lagoon', 'calm', 'hero'] },
  { title: 'Dunes at golden hour', location: 'Merzouga, Morocco', caption: 'The Sahara glows just before dusk.', tags: ['desert', 'dunes', 'sunset', 'hero'] },
  { title: 'Cloud forest ridge', location: 'Monteverde, Costa Rica', caption: 'Mist rolling over the green ridges.', tags: ['forest', 'mist', 'hiking', 'about'] },
  { title: 'Violet dusk over the fjord', location: 'Lofoten, Norway', caption: 'Blue hour lasts forever up north.', tags: ['fjord', 'dusk', 'arctic'] },
  { title: 'Night falls on the Andes', location: 'Cusco, Peru', caption: 'Stars come out above the sacred valley.', tags: ['night', 'andes', 'stars', 'about'] },
  { title: 'Rose-coloured evening', location: 'Santorini, Greece', caption: 'Caldera views and a pink sky.', tags: ['island', 'sunset', 'greece'] },
  { title: 'Turquoise bay', location: 'Krabi, Thailand', caption: 'Limestone and clear water.', tags: ['beach', 'thailand', 'limestone'] },
  { title: 'Highland lake at dawn', location: 'Isle of Skye, Scotland', caption: 'Cold air, warm light.', tags: ['lake', 'dawn', 'highlands', 'gear'] },
  { title: 'Coastal cliffs', location: 'Algarve, Portugal', caption: 'Golden cliffs above the Atlantic.', tags: ['coast', 'cliffs', 'ocean', 'gear'] },
  { title: 'Canyon country', location: 'Wadi Rum, Jordan', caption: 'Red rock for as far as you can see.', tags: ['desert', 'canyon', 'jordan'] },
  { title: 'Rainforest valley', location: 'Ubud, Bali', caption: 'Terraces and palms in the morning haze.', tags: ['jungle', 'bali', 'terraces'] },
  { title: 'Mountain pass at twilight', location: 'Leh, India', caption: 'The road keeps climbing into the dark.', tags: ['road', 'himalaya', 'twilight', 'gear'] },
  { title: 'Midnight sun', location: 'Tromsø, Norway', caption: 'A sky that never quite goes dark.', tags: ['arctic', 'summer', 'sky', 'gear'] },
  { title: 'Harbour evening', location: 'Hoi An, Vietnam', caption: 'Lanterns light up the old town.', tags: ['town', 'evening', 'vietnam'] },
  { title: 'Lagoon from above', location: 'Bora Bora, French Polynesia', caption: 'Every shade of blue at once.', tags: ['island', 'lagoon', 'drone'] },
  { title: 'Savannah sunset', location: 'Serengeti, Tanzania', caption: 'Acacia silhouettes and a burning sky.', tags: ['safari', 'sunset', 'africa', 'hero'] },
  { title: 'Volcano skyline', location: 'Arequipa, Peru', caption: 'El Misti watching over the white city.', tags: ['volcano', 'city', 'peru'] },
  { title: 'Quiet lake shore', location: 'Lake Bled, Slovenia', caption: 'Still water and a church on an island.', tags: ['lake', 'europe', 'calm', 'gear'] },
  { title: 'Salt flat mirror', location: 'Uyuni, Bolivia', caption: 'The sky doubled after the rain.', tags: ['salt', 'reflection', 'bolivia'] },
  { title: 'Patagonian peaks', location: 'El Chaltén, Argentina', caption: 'Fitz Roy catching the first sun.', tags: ['patagonia', 'peaks', 'hiking', 'hero'] },
  { title: 'Island hopping', location: 'Zanzibar, Tanzania', caption: 'Dhows drifting past the reef.', tags: ['island', 'sailing', 'reef'] },
  { title: 'Rice terraces', location: 'Sapa, Vietnam', caption: 'Mountains carved into steps.', tags: ['terraces', 'mountains', 'farming'] },
  { title: 'Alpine evening', location: 'Zermatt, Switzerland', caption: 'The Matterhorn in the last light.', tags: ['alps', 'evening', 'snow', 'gear'] },
]

export interface DemoPost {
  title: string
  category: string
  tags: string[]
  location: { name: string; city: string; region: string; country: string }
  excerpt: string
  intro: string
  sections: { heading: string; text: string }[]
  list: { heading: string; items: string[] }
  status: 'published' | 'draft'
  views: number
}

export const demoPosts: DemoPost[] = [
  {
    title: 'Ten Days on the Annapurna Circuit',
    category: 'Adventure Travel', tags: ['Hiking', 'Mountains', 'Camping'], status: 'published', views: 4820,
    location: { name: 'Annapurna Circuit', city: 'Pokhara', region: 'Gandaki', country: 'Nepal' },
    excerpt: 'Teahouses, high passes and the best dal bhat of our lives: what ten days around the Annapurna massif really feel like.',
    intro: 'We set off from Besisahar with too much gear and not enough knowledge. Ten days later we came down from Thorong La lighter in every sense.',
    sections: [
      { heading: 'The climb to Manang', text: 'The first days follow the Marsyangdi river through rice terraces and pine forest. Acclimatisation in Manang is not optional: we spent two nights there and walked up to the Ice Lake to help our bodies adjust.' },
      { heading: 'Crossing Thorong La', text: 'At 5,416 metres the pass is the highest point of the circuit. We left at 4 a.m. with head torches, and reached the prayer flags just as the sun hit the peaks.' },
    ],
    list: { heading: 'What we would pack again', items: ['A warm down jacket', 'Water purification tablets', 'Trekking poles', 'A paper map'] },
  },
  {
    title: 'Island Hopping in El Nido on a Budget',
    category: 'Beach Destinations', tags: ['Islands', 'Budget'], status: 'published', views: 3120,
    location: { name: 'El Nido', city: 'El Nido', region: 'Palawan', country: 'Philippines' },
    excerpt: 'Hidden lagoons, limestone cliffs and how to see them all without paying resort prices.',
    intro: 'El Nido is famous for its lagoons, and for the crowds that come with them. With a little planning you can have most of them almost to yourself.',
    sections: [
      { heading: 'Choosing a tour', text: 'Tours A to D cover different islands. Tour A is the classic, but Tour C had the most dramatic beaches and far fewer boats.' },
      { heading: 'Kayak instead of boat', text: 'Renting a kayak at the Big Lagoon entrance meant we could paddle in before the first tour groups arrived.' },
    ],
    list: { heading: 'Budget tips', items: ['Eat at the carinderias in town', 'Share a tricycle to Nacpan beach', 'Book tours the evening before, not online'] },
  },
  {
    title: 'A Night in the Sahara',
    category: 'Cultural Experiences', tags: ['Camping', 'Photography'], status: 'published', views: 2650,
    location: { name: 'Erg Chebbi', city: 'Merzouga', region: 'Drâa-Tafilalet', country: 'Morocco' },
    excerpt: 'Camel caravans, Berber drums and a sky with more stars than darkness.',
    intro: 'The road from Fes to Merzouga crosses the Atlas and then just keeps going until the dunes appear like a wall of orange.',
    sections: [
      { heading: 'Into the dunes', text: 'We rode for ninety minutes to a small camp run by a Berber family. Sandboarding at sunset was a lot harder than it looked.' },
      { heading: 'Music by the fire', text: 'After a tagine dinner our hosts brought out drums and taught us a few rhythms. Nobody was good at it; everybody joined in.' },
    ],
    list: { heading: 'Bring with you', items: ['A scarf against the sand', 'Warm layers for the night', 'A headlamp', 'Cash for tips'] },
  },
  {
    title: 'Fifteen Street Foods to Try in Hanoi',
    category: 'Cultural Experiences', tags: ['Street Food', 'Budget'], status: 'published', views: 6210,
    location: { name: 'Old Quarter', city: 'Hanoi', region: 'Red River Delta', country: 'Vietnam' },
    excerpt: 'From bún chả to egg coffee: a plastic-stool tour of the capital.',
    intro: 'Hanoi eats outdoors. Follow the smell of charcoal and the sound of scooters and you will never eat badly.',
    sections: [
      { heading: 'Breakfast is phở', text: 'Locals eat phở early. By 10 a.m. the best stalls have sold out, so set an alarm.' },
      { heading: 'Coffee culture', text: 'Egg coffee sounds strange and tastes like tiramisu. Try it at a lakeside café on a cool evening.' },
    ],
    list: { heading: 'Our top five', items: ['Bún chả', 'Bánh mì', 'Phở cuốn', 'Chả cá', 'Cà phê trứng'] },
  },
  {
    title: 'How We Pack Light for Six Months',
    category: 'Travel Tips', tags: ['Budget', 'Solo Travel'], status: 'published', views: 8900,
    location: { name: 'Anywhere', city: 'Lisbon', region: 'Lisbon', country: 'Portugal' },
    excerpt: 'One carry-on each, six months, four climates. The list and the reasons behind it.',
    intro: 'Packing light is less about the bag and more about deciding what you will not need. Here is what survived six months of cutting.',
    sections: [
      { heading: 'Layers over bulk', text: 'Merino base layers, a fleece and a shell cover everything from Nepal in winter to Thailand in summer.' },
      { heading: 'Laundry as a habit', text: 'Washing a few things every three days beats carrying two weeks of clothes.' },
    ],
    list: { heading: 'Essentials', items: ['Packing cubes', 'Universal adapter', 'Quick-dry towel', 'Travel insurance documents'] },
  },
  {
    title: 'Our Drone Setup for Travel Filmmaking',
    category: 'Tech', tags: ['Drone', 'Photography'], status: 'published', views: 5400,
    location: { name: 'Lofoten Islands', city: 'Reine', region: 'Nordland', country: 'Norway' },
    excerpt: 'The drone, batteries, filters and rules that get us the aerial shots in our videos.',
    intro: 'Aerial footage changed how we tell stories, but flying abroad comes with rules and logistics you should know before you go.',
    sections: [
      { heading: 'Choosing a drone under 250 g', text: 'A sub-250 g drone avoids registration in many countries and fits in a jacket pocket.' },
      { heading: 'Know the local rules', text: 'National parks often ban drones entirely. We check each country’s aviation authority before we pack.' },
    ],
    list: { heading: 'In the bag', items: ['Three batteries', 'ND filter set', 'Spare propellers', 'A landing pad'] },
  },
  {
    title: 'Working Remotely from Bali for a Month',
    category: 'Lifestyle', tags: ['Digital Nomad'], status: 'published', views: 3800,
    location: { name: 'Canggu', city: 'Canggu', region: 'Bali', country: 'Indonesia' },
    excerpt: 'Coworking, visas, internet speeds and how to actually get work done near the beach.',
    intro: 'A month in Canggu sounded like a holiday. It turned out to be one of our most productive months of the year.',
    sections: [
      { heading: 'Internet and coworking', text: 'Fibre is common in villas now, but a coworking day pass is worth it for calls.' },
      { heading: 'A routine that works', text: 'Surf at 6, work from 8 to 3, explore after. The routine made the month feel long in a good way.' },
    ],
    list: { heading: 'Monthly costs', items: ['Villa room: 600 USD', 'Scooter: 70 USD', 'Coworking: 150 USD', 'Food: 300 USD'] },
  },
  {
    title: 'Road Trip Through the Scottish Highlands',
    category: 'Adventure Travel', tags: ['Road Trip', 'Mountains', 'Camping'], status: 'published', views: 2980,
    location: { name: 'Isle of Skye', city: 'Portree', region: 'Highland', country: 'United Kingdom' },
    excerpt: 'Single-track roads, sheep jams and lochs around every bend.',
    intro: 'We rented a small campervan in Inverness and gave ourselves ten days to loop through the Highlands and Skye.',
    sections: [
      { heading: 'The North Coast 500', text: 'The full loop is long; we drove the west coast section and never regretted the slower pace.' },
      { heading: 'Skye in the rain', text: 'It rained most days, and the Old Man of Storr was even more dramatic in the clouds.' },
    ],
    list: { heading: 'Do not miss', items: ['Glencoe', 'The Fairy Pools', 'Quiraing walk', 'A ceilidh in a village hall'] },
  },
  {
    title: 'Snorkelling the Reefs of Zanzibar',
    category: 'Beach Destinations', tags: ['Islands', 'Photography'], status: 'published', views: 1740,
    location: { name: 'Mnemba Atoll', city: 'Stone Town', region: 'Zanzibar', country: 'Tanzania' },
    excerpt: 'Turtles, dolphins and spice farms: the island beyond the beach resorts.',
    intro: 'Zanzibar mixes Swahili culture, spice history and some of the clearest water we have seen in East Africa.',
    sections: [
      { heading: 'Mnemba by dhow', text: 'A traditional dhow took us to the atoll at sunrise, where green turtles grazed on the seagrass below us.' },
      { heading: 'Stone Town evenings', text: 'The Forodhani night market serves Zanzibar pizza, grilled octopus and sugarcane juice.' },
    ],
    list: { heading: 'Reef-safe habits', items: ['Use mineral sunscreen', 'Never stand on coral', 'Keep two metres from turtles'] },
  },
  {
    title: 'Photographing the Northern Lights',
    category: 'Tech', tags: ['Photography', 'Camping'], status: 'published', views: 7300,
    location: { name: 'Tromsø', city: 'Tromsø', region: 'Troms', country: 'Norway' },
    excerpt: 'Settings, forecasts and patience: our field guide to shooting the aurora.',
    intro: 'The aurora does not care about your schedule. These are the tools and settings that gave us our best nights.',
    sections: [
      { heading: 'Reading the forecast', text: 'Cloud cover matters more than the KP index. We chase clear skies first and activity second.' },
      { heading: 'Camera settings', text: 'Start at ISO 1600, f/2.8 and 5 seconds, then adjust for how fast the lights are moving.' },
    ],
    list: { heading: 'Checklist', items: ['A sturdy tripod', 'Spare batteries kept warm', 'A wide fast lens', 'Hand warmers'] },
  },
  {
    title: 'Festival Season in Oaxaca',
    category: 'Cultural Experiences', tags: ['Festivals', 'Street Food'], status: 'published', views: 2210,
    location: { name: 'Oaxaca City', city: 'Oaxaca', region: 'Oaxaca', country: 'Mexico' },
    excerpt: 'Guelaguetza dances, mole negro and mezcal tastings in the south of Mexico.',
    intro: 'July in Oaxaca means the Guelaguetza, when communities from across the state bring their dances to the city.',
    sections: [
      { heading: 'The dances', text: 'Each region has its own costume and music. The pineapple dance from the Papaloapan basin was our favourite.' },
      { heading: 'Seven moles', text: 'A cooking class taught us why mole negro takes two days and thirty ingredients.' },
    ],
    list: { heading: 'Plan ahead', items: ['Book rooms months early', 'Buy festival tickets online', 'Learn some Spanish phrases'] },
  },
  {
    title: 'Travel Insurance, Explained Simply',
    category: 'Travel Tips', tags: ['Budget', 'Solo Travel'], status: 'published', views: 4100,
    location: { name: 'Home base', city: 'Berlin', region: 'Berlin', country: 'Germany' },
    excerpt: 'What a policy covers, what it usually does not, and the questions to ask before you buy.',
    intro: 'We used to skip insurance to save money. One hospital visit in Peru changed our minds for good.',
    sections: [
      { heading: 'Medical cover first', text: 'Emergency medical treatment and evacuation are what matter most. Everything else is a bonus.' },
      { heading: 'Read the exclusions', text: 'Adventure activities like trekking above 4,000 m or diving are often excluded unless you add them.' },
    ],
    list: { heading: 'Questions to ask', items: ['Is there an altitude limit?', 'Are pre-existing conditions covered?', 'How do claims work abroad?'] },
  },
  {
    title: 'Slow Travel in the Portuguese Countryside',
    category: 'Lifestyle', tags: ['Road Trip', 'Digital Nomad'], status: 'draft', views: 0,
    location: { name: 'Alentejo', city: 'Évora', region: 'Alentejo', country: 'Portugal' },
    excerpt: 'Cork forests, whitewashed villages and the art of staying put.',
    intro: 'After months of moving every few days, we rented a farmhouse in the Alentejo for a month and stopped.',
    sections: [
      { heading: 'Village life', text: 'Market day in Évora became the highlight of our week.' },
      { heading: 'Work and rest', text: 'Slower travel meant better work and, surprisingly, better stories.' },
    ],
    list: { heading: 'Why slow down', items: ['Lower costs', 'Deeper friendships', 'Less burnout'] },
  },
  {
    title: 'Patagonia: Planning the W Trek',
    category: 'Adventure Travel', tags: ['Hiking', 'Mountains', 'Camping'], status: 'draft', views: 0,
    location: { name: 'Torres del Paine', city: 'Puerto Natales', region: 'Magallanes', country: 'Chile' },
    excerpt: 'Refugios, permits and wind: notes for our upcoming trek.',
    intro: 'We are heading to Torres del Paine next season. These are our planning notes so far.',
    sections: [
      { heading: 'Booking refugios', text: 'Campsites and refugios sell out months ahead for the summer season.' },
      { heading: 'The wind', text: 'Gusts above 100 km/h are normal. Tents need to be staked properly.' },
    ],
    list: { heading: 'Still to do', items: ['Book the bus from Puerto Natales', 'Buy gas canisters locally', 'Train for long days'] },
  },
]

/** Visitors' comments, each on the story it talks about. */
export const demoComments = [
  { post: 'Ten Days on the Annapurna Circuit', name: 'Maya Patel', email: 'maya@example.com', content: 'This brought back so many memories of our own trek. Thorong La at sunrise is unforgettable!', status: 'approved' as const },
  { post: 'Ten Days on the Annapurna Circuit', name: 'Sam Okafor', email: 'sam@example.com', content: 'How cold did it get in the teahouses above Manang? Planning for late October.', status: 'pending' as const },
  { post: 'Island Hopping in El Nido on a Budget', name: 'Lucas Moreau', email: 'lucas@example.com', website: 'https://lucas-travels.example.com', content: 'Great tip on the kayaks, we did exactly that and had the lagoon to ourselves.', status: 'approved' as const },
  { post: 'Fifteen Street Foods to Try in Hanoi', name: 'Elena Rossi', email: 'elena@example.com', content: 'Egg coffee is the best thing I drank in Vietnam. Great list!', status: 'approved' as const },
  { post: 'Fifteen Street Foods to Try in Hanoi', name: 'Tom Becker', email: 'tom@example.com', content: 'Adding bún chả to my list, thanks! Any stall near the lake you would recommend?', status: 'pending' as const },
  { post: 'How We Pack Light for Six Months', name: 'Priya Nair', email: 'priya@example.com', content: 'Saving this for our trip next spring. Merino layers changed everything for us too.', status: 'approved' as const },
  { post: 'Our Drone Setup for Travel Filmmaking', name: 'Jonas Berg', email: 'jonas@example.com', content: 'The section on local rules is really helpful, thanks for sharing.', status: 'approved' as const },
  { post: 'Photographing the Northern Lights', name: 'Aiko Tanaka', email: 'aiko@example.com', content: 'Which lens did you use for the night shots? They look incredible.', status: 'approved' as const },
  { post: 'Photographing the Northern Lights', name: 'Liam Walsh', email: 'liam@example.com', content: 'Keeping the batteries warm was the tip I needed. Going to Tromsø in January!', status: 'pending' as const },
  { post: 'Road Trip Through the Scottish Highlands', name: 'Isla Fraser', email: 'isla@example.com', content: 'Glencoe in the rain is still the most beautiful place I know.', status: 'approved' as const },
  { post: 'Festival Season in Oaxaca', name: 'Diego Ramírez', email: 'diego@example.com', content: 'Qué bonito! The Guelaguetza is the best time to visit my city.', status: 'pending' as const },
]
