// The English catalogue of the widget's own views. It carries the spec's strings verbatim;
// `{name}` marks a value filled in at render time. ./fi.ts and ./sv.ts have the same shape
// (`Catalogue`), so a key missing in either fails the type-check.
import type { Widen } from './shape.ts';

export const en = {
  brand: {
    name: 'Receipt Carbon Calculator',
    mainSite: 'Visit main site',
    opensInNewTab: '(opens in a new tab)',
    externalMark: '↗',
    language: 'Language',
  },
  home: {
    headline: 'Discover the climate impact of your groceries',
    intro:
      'Snap a photo of your grocery receipt and see its carbon footprint in kg CO2e, item by item, with tips for a lighter basket.',
    scanReceipt: 'Scan Your Receipt',
    tryDemo: 'Try Demo',
    statsTitle: 'Live impact statistics',
    statsReceipts: { one: 'Receipt analyzed', other: 'Receipts analyzed' },
    statsToday: 'Today',
    statsAverage: 'Average CO2e',
    statsAverageValue: '{kg} kg',
    statsLoading: 'Loading statistics…',
    statsError: 'Unable to load stats',
    retry: 'Retry',
    featuresTitle: 'Why use it',
    features: [
      {
        title: 'AI receipt reading',
        body: 'Photos, images and PDFs of Finnish receipts are read and every grocery line is recognised.',
      },
      {
        title: 'Category breakdown',
        body: 'See which food groups — meat, dairy, vegetables and more — make up your footprint.',
      },
      {
        title: 'Personal tips',
        body: 'Get practical suggestions for the swaps that save the most on your own shopping.',
      },
    ],
    howTitle: 'How It Works',
    steps: [
      { title: 'Upload', body: 'Take a photo of your receipt or upload an image or PDF.' },
      { title: 'Analyze', body: 'Each item is read and sorted into a food category.' },
      { title: 'Calculate', body: 'Emissions are estimated from researched emission factors.' },
      { title: 'Improve', body: 'Follow tailored tips to shrink your next basket’s footprint.' },
    ],
    communityTitle: 'Community impact',
    communityReceipts: { one: 'Receipt analyzed', other: 'Receipts analyzed' },
    communityTonnes: { one: 'Tonne CO2 tracked', other: 'Tonnes CO2 tracked' },
    communityUsers: { one: 'Household taking part', other: 'Households taking part' },
    noValue: '—',
    /** An average of no receipts: said instead of a 0 that would read as a measured figure. */
    noReceiptsYet: 'No receipts yet',
    exampleTitle: 'Example: a typical weekly shop',
    exampleEmissions: '8.7 kg',
    exampleEmissionsLabel: 'CO2e',
    exampleDriving: '72 km',
    exampleDrivingLabel: 'of driving',
    exampleTree: '14 months',
    exampleTreeLabel: 'of a tree’s absorption',
    getStarted: 'Get Started Now',
  },
  footer: {
    privacy: 'Privacy Policy',
    contact: 'Contact',
    about: 'About',
    // The verb goes with the households, so that a language can make it agree with their number.
    liveStats: '{households} analyzed {receipts} so far.',
    liveStatsHouseholds: { one: '{count} household has', other: '{count} households have' },
    liveStatsReceipts: { one: '{count} receipt', other: '{count} receipts' },
    liveStatsUnavailable: 'Live statistics are not available right now.',
  },
  calculator: {
    back: 'Back to Home',
    title: 'Calculate your receipt’s footprint',
    apiStatusLabel: 'API status:',
    apiStatus: {
      unknown: 'Unknown',
      ready: 'API Ready',
      'no-openai': 'No OpenAI Key',
      offline: 'API Offline',
    },
    consentLabel: 'I accept the privacy terms: my receipt is processed to calculate its carbon footprint.',
    consentNote:
      'Receipts are processed in memory and never stored. Only anonymous numbers are kept for the community statistics.',
    readPrivacy: 'Read the Privacy Policy',
    consentWarning: 'Please accept the privacy terms above to enable file upload and photo capture.',
    dropTitle: 'Drop your receipt here',
    dropHint: 'Images (JPG, PNG, HEIC…) and PDFs',
    chooseFile: 'Choose File',
    takePhoto: 'Take Photo',
    trySample: 'Try Sample',
    or: 'or',
    progressLabel: 'Processing progress',
    progressPercent: '{percent}%',
    // What a screen reader says for the bar: the percent as above, then the current step.
    progressValue: '{percent} {message}',
    usualTime: 'This usually takes 10-30 seconds',
    fileLabel: 'File: {name}',
    errorTitle: 'Error',
  },
  processing: {
    uploadStart: 'Starting AI analysis...',
    uploadSending: 'Uploading to AI server...',
    uploadAnalyzing: 'AI analyzing receipt...',
    uploadDone: 'Processing complete!',
    sampleStart: 'Testing with sample data...',
    sampleProcessing: 'Processing sample receipt...',
    sampleDone: 'Sample processing complete!',
    complete: 'Complete!',
  },
  errors: {
    noBaseUrl: 'Please configure your Railway API URL first',
    uploadFailed: 'Failed to process with AI: {reason}',
    apiError: 'API Error: {status}',
    noMessage: 'Failed to process receipt. Please check your API configuration and try again.',
    sampleFailed: 'Sample test failed: {reason}',
    noAnswer: 'No answer from the server',
    unreadable: 'The server’s answer could not be read',
  },
  results: {
    title: 'Your receipt’s carbon footprint',
    totalLabel: 'Total emissions',
    kgUnit: 'kg CO2e',
    kgValue: '{kg} kg CO2e',
    store: 'Store',
    unknownStore: 'Unknown store',
    receiptTotal: 'Receipt total',
    itemsTotal: 'Items total',
    itemsFound: { one: 'Item found', other: 'Items found' },
    equivalentsTitle: 'That is about the same as',
    driving: '{km} km',
    drivingLabel: 'of driving a car',
    tree: '{months} months',
    treeLabel: 'for one tree to absorb',
    categoriesTitle: 'Emissions by category',
    chartLabel: 'Bar chart of emissions by category, largest first',
    chartSegment: '{category}: {kg}',
    categoryLine: '{percent}% · {items} · {price}',
    itemCount: { one: '{count} item', other: '{count} items' },
    itemsTitle: 'Items',
    itemWeight: '{weight} kg',
    itemWeightEstimated: '≈ {weight} kg, estimated',
    categoryUncertain: 'category uncertain',
    checkItem: 'Check this',
    checkItemLabel: 'Check the category of {name}',
    notFood: 'not food',
    uncertainItems: {
      one: 'The category of {count} item is uncertain: it is counted with its category’s typical factor.',
      other: 'The categories of {count} items are uncertain: they are counted with their categories’ typical factors.',
    },
    mismatch:
      'The items found add up to {computed}, but the receipt’s total is {printed}: some lines may have been missed.',
    notesTitle: 'Notes',
    tipsTitle: 'Tips to reduce your footprint',
    priority: { high: 'High priority', medium: 'Medium priority', low: 'Low priority' },
    potentialSaving: 'Could save up to {percent}% here (about {kg} kg CO2e on this receipt).',
    tips: {
      'red-meat': {
        title: 'Swap some red meat',
        body: 'Beef and lamb weigh most on this receipt. Beans, lentils, poultry or fish in some meals cut the impact a lot.',
      },
      dairy: {
        title: 'Try plant-based dairy',
        body: 'Cheese and other dairy add up. Oat or soy drinks and yoghurts are easy swaps for everyday use.',
      },
      'processed-food': {
        title: 'Cook more from scratch',
        body: 'Ready meals and processed foods carry extra emissions. Simple home-cooked dishes from whole ingredients are lighter.',
      },
      'great-job': {
        title: 'Great Job!',
        body: 'Your basket is already fairly climate-friendly. Keep choosing seasonal vegetables, grains and plant proteins.',
      },
    },
    scanAnother: 'Scan Another Receipt',
  },
  categories: {
    'Red Meat': 'Red Meat',
    Pork: 'Pork',
    Poultry: 'Poultry',
    Fish: 'Fish',
    Eggs: 'Eggs',
    Dairy: 'Dairy',
    'Plant Proteins': 'Plant Proteins',
    Vegetables: 'Vegetables',
    Fruits: 'Fruits',
    Grains: 'Grains',
    'Processed Food': 'Processed Food',
    Beverages: 'Beverages',
    Other: 'Other',
  },
  privacy: {
    back: 'Back',
    title: 'Privacy Policy',
    effective: 'Effective date: {date}',
    sections: [
      {
        title: 'Data we process',
        paragraphs: [
          'When you use the calculator, the receipt you upload (a photo, image or PDF) or the built-in sample text is sent to the calculator service. We do not ask for your name, e-mail or any account, and the calculator sets no cookies.',
          'The service keeps your receipt file in memory only while it is being analysed. The file and the text read from it are never written to disk, logged or stored.',
        ],
      },
      {
        title: 'AI processing disclosure',
        paragraphs: [
          'Your receipt is read by text recognition (OCR) that runs on the service’s own server, and each product line is sorted into a food category by the service’s own rules.',
          'Only when the operator of the service has configured an OpenAI key is the receipt also sent to OpenAI for reading and classification. The API status badge shows this: “API Ready” means an OpenAI key is configured, “No OpenAI Key” means everything stays on the service’s own server.',
        ],
      },
      {
        title: 'How we use data',
        paragraphs: [
          'The receipt is used only to calculate its carbon footprint and show you the result. For the community statistics we keep anonymous numbers alone: the time of the analysis, the total kg CO2e, the number of items and the reading method. These cannot be linked to you, and no products, prices or store names are kept.',
        ],
      },
      {
        title: 'Data security',
        paragraphs: [
          'On the public site receipts travel over an encrypted connection (HTTPS), and they exist only in the service’s memory while being processed. The service’s logs record only the method, path, status and time of each request, never a receipt or your network address; to prevent abuse it counts requests per network address for a short time, in memory only. Results are shown in your browser and are gone when you leave the page.',
        ],
      },
      {
        title: 'Your rights under the GDPR',
        paragraphs: [
          'You have the right to access the personal data we hold about you, to have it corrected or deleted, and to withdraw your consent at any time by unticking the consent box or simply not uploading. Because we store no receipts and no personal data, there is usually nothing to access or delete, but you are welcome to ask.',
        ],
      },
    ],
    contactTitle: 'Contact',
    contactIntro: 'Questions about privacy? Contact us:',
    contactEmail: 'E-mail:',
    contactWebsite: 'Website:',
  },
} as const;

/** The shape of every language's catalogue of the widget's own views. */
export type Catalogue = Widen<typeof en>;
