/**
 * Laptop processors from 2015 to 2026, the list the catalogue recognises sellers' processors against.
 *
 * Source of `score`: PassMark CPU Mark (cpubenchmark.net, multi-threaded, its current scale). The figures are
 * approximations from that source, rounded, as published averages stood in 2025–2026 — a relative measure to
 * sort processors into performance tiers (see `tiers.ts`), not a benchmark result to quote. A chip that
 * appears under several names with the same silicon and clocks (AMD "PRO" twins, Intel "F" parts) is listed
 * once unless sellers write the other name often.
 *
 * Layout: groups of one family and generation. Each model is [model, cores, score, year?]; the year defaults
 * to the group's (the year the processor was launched). The FIRST model of a group is the one a seller most
 * likely means when they name only the family and generation ("Core i7 8th gen", "M1 Pro", "Snapdragon X
 * Elite"): the matcher picks it as the representative of its group.
 *
 * A processor's key is made from its name (`processorKey`): it is stored on adverts, so a listed name is not
 * changed once published — add a model instead.
 */
export interface ProcessorGroup {
  /** Written before each model to make its full name: "Intel Core " + "i7-8650U". */
  prefix: string;
  family: string;
  generation: string;
  year: number;
  models: readonly (readonly [model: string, cores: number, score: number, year?: number])[];
}

const intelCore = (tier: 3 | 5 | 7 | 9, generation: string, year: number, models: ProcessorGroup["models"]) => ({
  prefix: "Intel Core ",
  family: `Intel Core i${tier}`,
  generation,
  year,
  models,
});

export const PROCESSOR_GROUPS: readonly ProcessorGroup[] = [
  /* ── Intel Core, 6th generation (Skylake) ── */
  intelCore(3, "6th gen", 2015, [
    ["i3-6100U", 2, 3000],
    ["i3-6006U", 2, 2600, 2016],
    ["i3-6157U", 2, 3300, 2016],
    ["i3-6100H", 2, 3600],
  ]),
  intelCore(5, "6th gen", 2015, [
    ["i5-6200U", 2, 3400],
    ["i5-6300U", 2, 3600],
    ["i5-6260U", 2, 3600],
    ["i5-6360U", 2, 3700],
    ["i5-6267U", 2, 3800],
    ["i5-6300HQ", 4, 5500],
    ["i5-6440HQ", 4, 5800],
  ]),
  intelCore(7, "6th gen", 2015, [
    ["i7-6500U", 2, 3700],
    ["i7-6600U", 2, 3900],
    ["i7-6560U", 2, 3900],
    ["i7-6650U", 2, 4100],
    ["i7-6567U", 2, 4300],
    ["i7-6700HQ", 4, 6900],
    ["i7-6820HQ", 4, 7200],
    ["i7-6820HK", 4, 7400],
    ["i7-6920HQ", 4, 7500],
  ]),
  {
    prefix: "Intel Core ",
    family: "Intel Core m",
    generation: "6th gen",
    year: 2015,
    models: [
      ["m3-6Y30", 2, 2500],
      ["m5-6Y54", 2, 2700],
      ["m5-6Y57", 2, 2750],
      ["m7-6Y75", 2, 2900],
    ],
  },
  /* ── 7th generation (Kaby Lake) ── */
  intelCore(3, "7th gen", 2016, [
    ["i3-7100U", 2, 3100],
    ["i3-7130U", 2, 3300, 2017],
    ["i3-7020U", 2, 2700, 2018],
    ["i3-7100H", 2, 3800, 2017],
  ]),
  intelCore(5, "7th gen", 2016, [
    ["i5-7200U", 2, 3500],
    ["i5-7300U", 2, 3800, 2017],
    ["i5-7260U", 2, 3900, 2017],
    ["i5-7360U", 2, 4000, 2017],
    ["i5-7267U", 2, 4100, 2017],
    ["i5-7287U", 2, 4300, 2017],
    ["i5-7300HQ", 4, 5900, 2017],
    ["i5-7440HQ", 4, 6100, 2017],
    ["i5-7Y54", 2, 2800],
    ["i5-7Y57", 2, 2900, 2017],
  ]),
  intelCore(7, "7th gen", 2016, [
    ["i7-7500U", 2, 3800],
    ["i7-7600U", 2, 4000, 2017],
    ["i7-7560U", 2, 4100, 2017],
    ["i7-7660U", 2, 4300, 2017],
    ["i7-7567U", 2, 4400, 2017],
    ["i7-7700HQ", 4, 7000, 2017],
    ["i7-7820HQ", 4, 7400, 2017],
    ["i7-7820HK", 4, 7700, 2017],
    ["i7-7920HQ", 4, 7700, 2017],
    ["i7-7Y75", 2, 3000],
  ]),
  {
    prefix: "Intel Core ",
    family: "Intel Core m",
    generation: "7th gen",
    year: 2016,
    models: [
      ["m3-7Y30", 2, 2600],
      ["m3-7Y32", 2, 2700, 2017],
      ["m3-8100Y", 2, 2900, 2018],
    ],
  },
  /* ── 8th generation (Kaby Lake R, Coffee Lake, Whiskey Lake, Amber Lake) ── */
  intelCore(3, "8th gen", 2018, [
    ["i3-8130U", 2, 3600],
    ["i3-8145U", 2, 3900],
    ["i3-8100H", 4, 6100],
  ]),
  intelCore(5, "8th gen", 2017, [
    ["i5-8250U", 4, 5950],
    ["i5-8350U", 4, 6150],
    ["i5-8265U", 4, 6200, 2018],
    ["i5-8365U", 4, 6450, 2019],
    ["i5-8300H", 4, 7600, 2018],
    ["i5-8400H", 4, 8400, 2018],
    ["i5-8259U", 4, 8100, 2018],
    ["i5-8279U", 4, 8400, 2019],
    ["i5-8257U", 4, 7500, 2019],
    ["i5-8305G", 4, 6800, 2018],
    ["i5-8210Y", 2, 2700, 2018],
    ["i5-8200Y", 2, 2500, 2018],
  ]),
  intelCore(7, "8th gen", 2017, [
    ["i7-8550U", 4, 6150],
    ["i7-8650U", 4, 6400],
    ["i7-8565U", 4, 6700, 2018],
    ["i7-8665U", 4, 6900, 2019],
    ["i7-8750H", 6, 10300, 2018],
    ["i7-8850H", 6, 10700, 2018],
    ["i7-8559U", 4, 8800, 2018],
    ["i7-8569U", 4, 8900, 2019],
    ["i7-8705G", 4, 7800, 2018],
    ["i7-8709G", 4, 8000, 2018],
    ["i7-8809G", 4, 8600, 2018],
    ["i7-8500Y", 2, 2900, 2018],
  ]),
  intelCore(9, "8th gen", 2018, [["i9-8950HK", 6, 11400]]),
  /* ── 9th generation (Coffee Lake refresh, H only in laptops) ── */
  intelCore(5, "9th gen", 2019, [
    ["i5-9300H", 4, 8000],
    ["i5-9300HF", 4, 8000],
    ["i5-9400H", 4, 8400],
  ]),
  intelCore(7, "9th gen", 2019, [
    ["i7-9750H", 6, 11200],
    ["i7-9750HF", 6, 11200],
    ["i7-9850H", 6, 11700],
  ]),
  intelCore(9, "9th gen", 2019, [
    ["i9-9880H", 8, 13500],
    ["i9-9980HK", 8, 14300],
  ]),
  /* ── 10th generation (Comet Lake, Ice Lake) ── */
  intelCore(3, "10th gen", 2019, [
    ["i3-10110U", 2, 3900],
    ["i3-1005G1", 2, 4000],
    ["i3-1000NG4", 2, 3600, 2020],
  ]),
  intelCore(5, "10th gen", 2019, [
    ["i5-10210U", 4, 6500],
    ["i5-10310U", 4, 6900, 2020],
    ["i5-1035G1", 4, 7700],
    ["i5-1035G4", 4, 7800],
    ["i5-1035G7", 4, 8000],
    ["i5-1030NG7", 4, 5600, 2020],
    ["i5-1038NG7", 4, 9500, 2020],
    ["i5-10200H", 4, 8200, 2020],
    ["i5-10300H", 4, 8800, 2020],
    ["i5-10500H", 6, 11900, 2020],
  ]),
  intelCore(7, "10th gen", 2019, [
    ["i7-10510U", 4, 6900],
    ["i7-10610U", 4, 7100, 2020],
    ["i7-10710U", 6, 9800],
    ["i7-10810U", 6, 10000, 2020],
    ["i7-1065G7", 4, 8600],
    ["i7-1068NG7", 4, 10300, 2020],
    ["i7-10750H", 6, 12400, 2020],
    ["i7-10850H", 6, 12900, 2020],
    ["i7-10870H", 8, 15200, 2020],
    ["i7-10875H", 8, 15400, 2020],
  ]),
  intelCore(9, "10th gen", 2020, [
    ["i9-10885H", 8, 15800],
    ["i9-10980HK", 8, 16500],
  ]),
  /* ── 11th generation (Tiger Lake) ── */
  intelCore(3, "11th gen", 2020, [
    ["i3-1115G4", 2, 6250],
    ["i3-1125G4", 4, 8400, 2021],
  ]),
  intelCore(5, "11th gen", 2020, [
    ["i5-1135G7", 4, 10150],
    ["i5-1145G7", 4, 10400],
    ["i5-1130G7", 4, 8900],
    ["i5-1155G7", 4, 10700, 2021],
    ["i5-11300H", 4, 10900, 2021],
    ["i5-11320H", 4, 11200, 2021],
    ["i5-11260H", 6, 15600, 2021],
    ["i5-11400H", 6, 17000, 2021],
    ["i5-11500H", 6, 17400, 2021],
  ]),
  intelCore(7, "11th gen", 2020, [
    ["i7-1165G7", 4, 10600],
    ["i7-1185G7", 4, 11000],
    ["i7-1160G7", 4, 9300],
    ["i7-1195G7", 4, 11500, 2021],
    ["i7-11370H", 4, 12000, 2021],
    ["i7-11375H", 4, 12300, 2021],
    ["i7-11390H", 4, 12500, 2021],
    ["i7-11600H", 6, 18800, 2021],
    ["i7-11800H", 8, 21000, 2021],
    ["i7-11850H", 8, 21600, 2021],
  ]),
  intelCore(9, "11th gen", 2021, [
    ["i9-11900H", 8, 22000],
    ["i9-11950H", 8, 22400],
    ["i9-11980HK", 8, 23200],
  ]),
  /* ── 12th generation (Alder Lake) ── */
  intelCore(3, "12th gen", 2022, [
    ["i3-1215U", 6, 11100],
    ["i3-1210U", 6, 9600],
    ["i3-1220P", 10, 13000],
  ]),
  intelCore(5, "12th gen", 2022, [
    ["i5-1235U", 10, 13600],
    ["i5-1245U", 10, 13900],
    ["i5-1230U", 10, 12000],
    ["i5-1240P", 12, 17700],
    ["i5-1250P", 12, 17900],
    ["i5-12450H", 8, 16700],
    ["i5-12500H", 12, 21800],
    ["i5-12600H", 12, 22300],
  ]),
  intelCore(7, "12th gen", 2022, [
    ["i7-1255U", 10, 14300],
    ["i7-1265U", 10, 14600],
    ["i7-1250U", 10, 12600],
    ["i7-1260P", 12, 18900],
    ["i7-1270P", 12, 19800],
    ["i7-1280P", 14, 21500],
    ["i7-12650H", 10, 23500],
    ["i7-12700H", 14, 26800],
    ["i7-12800H", 14, 27300],
    ["i7-12800HX", 16, 33500],
    ["i7-12850HX", 16, 34000],
  ]),
  intelCore(9, "12th gen", 2022, [
    ["i9-12900H", 14, 28700],
    ["i9-12900HK", 14, 29000],
    ["i9-12900HX", 16, 35500],
    ["i9-12950HX", 16, 36000],
  ]),
  /* ── 13th generation (Raptor Lake) ── */
  intelCore(3, "13th gen", 2023, [
    ["i3-1315U", 6, 11600],
    ["i3-1305U", 5, 9800],
  ]),
  intelCore(5, "13th gen", 2023, [
    ["i5-1335U", 10, 15000],
    ["i5-1345U", 10, 15300],
    ["i5-1334U", 10, 13800],
    ["i5-1340P", 12, 19900],
    ["i5-1350P", 12, 20300],
    ["i5-13420H", 8, 19000],
    ["i5-13500H", 12, 24700],
    ["i5-13450HX", 10, 29000],
    ["i5-13500HX", 14, 32500],
  ]),
  intelCore(7, "13th gen", 2023, [
    ["i7-1355U", 10, 15700],
    ["i7-1365U", 10, 16000],
    ["i7-1360P", 12, 21300],
    ["i7-1370P", 14, 24000],
    ["i7-13620H", 10, 25500],
    ["i7-13700H", 14, 28600],
    ["i7-13800H", 14, 29500],
    ["i7-13650HX", 14, 36500],
    ["i7-13700HX", 16, 38500],
    ["i7-13850HX", 20, 44000],
  ]),
  intelCore(9, "13th gen", 2023, [
    ["i9-13900H", 14, 30000],
    ["i9-13905H", 14, 30500],
    ["i9-13900HX", 24, 45500],
    ["i9-13950HX", 24, 47000],
    ["i9-13980HX", 24, 48000],
  ]),
  /* ── 14th generation (Raptor Lake refresh, HX only in laptops) ── */
  intelCore(5, "14th gen", 2024, [
    ["i5-14450HX", 10, 30500],
    ["i5-14500HX", 14, 34000],
  ]),
  intelCore(7, "14th gen", 2024, [
    ["i7-14650HX", 16, 40000],
    ["i7-14700HX", 20, 42500],
  ]),
  intelCore(9, "14th gen", 2024, [["i9-14900HX", 24, 48500]]),
  /* ── Intel Core 3/5/7 without "Ultra" (Raptor Lake refresh) ── */
  {
    prefix: "Intel ",
    family: "Intel Core 5",
    generation: "Series 1",
    year: 2024,
    models: [["Core 5 120U", 10, 15000]],
  },
  {
    prefix: "Intel ",
    family: "Intel Core 7",
    generation: "Series 1",
    year: 2024,
    models: [["Core 7 150U", 10, 16800]],
  },
  {
    prefix: "Intel ",
    family: "Intel Core 3",
    generation: "Series 1",
    year: 2024,
    models: [["Core 3 100U", 6, 11500]],
  },
  {
    prefix: "Intel ",
    family: "Intel Core 5",
    generation: "Series 2",
    year: 2025,
    models: [
      ["Core 5 210H", 8, 19500],
      ["Core 5 220H", 12, 24500],
    ],
  },
  {
    prefix: "Intel ",
    family: "Intel Core 7",
    generation: "Series 2",
    year: 2025,
    models: [["Core 7 240H", 10, 25500]],
  },
  /* ── Intel Core Ultra, Series 1 (Meteor Lake) ── */
  {
    prefix: "Intel Core ",
    family: "Intel Core Ultra 5",
    generation: "Series 1",
    year: 2023,
    models: [
      ["Ultra 5 125H", 14, 22000],
      ["Ultra 5 125U", 12, 15800],
      ["Ultra 5 115U", 10, 12500],
      ["Ultra 5 135U", 12, 16500],
      ["Ultra 5 135H", 14, 23500],
    ],
  },
  {
    prefix: "Intel Core ",
    family: "Intel Core Ultra 7",
    generation: "Series 1",
    year: 2023,
    models: [
      ["Ultra 7 155H", 16, 25300],
      ["Ultra 7 155U", 12, 16800],
      ["Ultra 7 165U", 12, 17300],
      ["Ultra 7 165H", 16, 26500],
    ],
  },
  {
    prefix: "Intel Core ",
    family: "Intel Core Ultra 9",
    generation: "Series 1",
    year: 2023,
    models: [["Ultra 9 185H", 16, 29500]],
  },
  /* ── Intel Core Ultra, Series 2 (Lunar Lake V, Arrow Lake U/H/HX) ── */
  {
    prefix: "Intel Core ",
    family: "Intel Core Ultra 5",
    generation: "Series 2",
    year: 2024,
    models: [
      ["Ultra 5 226V", 8, 18500],
      ["Ultra 5 228V", 8, 18800],
      ["Ultra 5 236V", 8, 19200],
      ["Ultra 5 238V", 8, 19400],
      ["Ultra 5 225U", 12, 17000, 2025],
      ["Ultra 5 225H", 14, 28500, 2025],
      ["Ultra 5 235H", 14, 29500, 2025],
      ["Ultra 5 245HX", 14, 42000, 2025],
    ],
  },
  {
    prefix: "Intel Core ",
    family: "Intel Core Ultra 7",
    generation: "Series 2",
    year: 2024,
    models: [
      ["Ultra 7 258V", 8, 20300],
      ["Ultra 7 256V", 8, 19800],
      ["Ultra 7 266V", 8, 20500],
      ["Ultra 7 268V", 8, 20800],
      ["Ultra 7 255U", 12, 18300, 2025],
      ["Ultra 7 265U", 12, 18800, 2025],
      ["Ultra 7 255H", 16, 32000, 2025],
      ["Ultra 7 265H", 16, 33000, 2025],
      ["Ultra 7 255HX", 20, 50000, 2025],
    ],
  },
  {
    prefix: "Intel Core ",
    family: "Intel Core Ultra 9",
    generation: "Series 2",
    year: 2024,
    models: [
      ["Ultra 9 288V", 8, 21800],
      ["Ultra 9 285H", 16, 34500, 2025],
      ["Ultra 9 275HX", 24, 57000, 2025],
      ["Ultra 9 285HX", 24, 58500, 2025],
    ],
  },
  /* ── Intel Celeron, Pentium and "Intel Processor" (the entry-level lines) ── */
  {
    prefix: "Intel ",
    family: "Intel Celeron",
    generation: "Celeron",
    year: 2016,
    models: [
      ["Celeron N4020", 2, 1600, 2019],
      ["Celeron N3050", 2, 650, 2015],
      ["Celeron N3060", 2, 680],
      ["Celeron N3160", 4, 1200],
      ["Celeron N3350", 2, 1100],
      ["Celeron N3450", 4, 1850],
      ["Celeron N4000", 2, 1450, 2017],
      ["Celeron N4100", 4, 2450, 2017],
      ["Celeron N4120", 4, 2650, 2019],
      ["Celeron N4500", 2, 2000, 2021],
      ["Celeron N5100", 4, 2600, 2021],
      ["Celeron N5105", 4, 4000, 2021],
      ["Celeron 3855U", 2, 1500, 2015],
      ["Celeron 3865U", 2, 1750, 2017],
      ["Celeron 3867U", 2, 1850, 2019],
      ["Celeron 4205U", 2, 1900, 2019],
      ["Celeron 5205U", 2, 2050, 2020],
      ["Celeron 6305", 2, 2700, 2020],
      ["Celeron 7305", 5, 5200, 2022],
    ],
  },
  {
    prefix: "Intel ",
    family: "Intel Pentium",
    generation: "Pentium",
    year: 2017,
    models: [
      ["Pentium Silver N5000", 4, 2500],
      ["Pentium N3710", 4, 1350, 2016],
      ["Pentium N4200", 4, 1950, 2016],
      ["Pentium Silver N5030", 4, 2750, 2019],
      ["Pentium Silver N6000", 4, 3000, 2021],
      ["Pentium 4405U", 2, 2200, 2015],
      ["Pentium Gold 4415U", 2, 2400],
      ["Pentium Gold 4417U", 2, 2500, 2018],
      ["Pentium Gold 5405U", 2, 2500, 2019],
      ["Pentium Gold 6405U", 2, 2750, 2020],
      ["Pentium Gold 7505", 2, 4600, 2020],
      ["Pentium Gold 8505", 5, 8000, 2022],
    ],
  },
  {
    prefix: "Intel ",
    family: "Intel Processor",
    generation: "N-series",
    year: 2023,
    models: [
      ["Processor N100", 4, 5500],
      ["Processor N95", 4, 5300],
      ["Processor N200", 4, 5700],
      ["Processor N150", 4, 5800, 2025],
    ],
  },
  intelCore(3, "N-series", 2023, [
    ["i3-N305", 8, 10000],
    ["i3-N300", 8, 8800],
  ]),
  /* ── AMD A-series and Athlon (entry level) ── */
  {
    prefix: "AMD ",
    family: "AMD A-Series",
    generation: "Bristol Lake",
    year: 2017,
    models: [
      ["A6-9220", 2, 1300],
      ["A9-9425", 2, 1600, 2018],
      ["A10-9620P", 4, 2600],
      ["A12-9720P", 4, 3000],
    ],
  },
  {
    prefix: "AMD ",
    family: "AMD Athlon",
    generation: "Athlon",
    year: 2020,
    models: [
      ["Athlon Silver 3050U", 2, 3100],
      ["Athlon Gold 3150U", 2, 3800],
      ["Athlon 300U", 2, 3700, 2019],
      ["Athlon Silver 7120U", 2, 3200, 2022],
      ["Athlon Gold 7220U", 2, 3800, 2022],
    ],
  },
  /* ── AMD Ryzen 2000 (Raven Ridge) ── */
  ryzen(3, "2000", 2018, [
    ["2200U", 2, 3600],
    ["2300U", 4, 5600],
  ]),
  ryzen(5, "2000", 2017, [
    ["2500U", 4, 6900],
    ["2600H", 4, 7800, 2018],
  ]),
  ryzen(7, "2000", 2017, [
    ["2700U", 4, 7400],
    ["2800H", 4, 8400, 2018],
  ]),
  /* ── Ryzen 3000 (Picasso, Dali) ── */
  ryzen(3, "3000", 2019, [
    ["3200U", 2, 3800],
    ["3250U", 2, 3900, 2020],
    ["3300U", 4, 5800],
  ]),
  ryzen(5, "3000", 2019, [
    ["3500U", 4, 7200],
    ["3450U", 4, 7000, 2020],
    ["3550H", 4, 7900],
    ["3580U", 4, 7500],
  ]),
  ryzen(7, "3000", 2019, [
    ["3700U", 4, 7700],
    ["3750H", 4, 8300],
    ["3780U", 4, 8000],
  ]),
  /* ── Ryzen 4000 (Renoir) ── */
  ryzen(3, "4000", 2020, [["4300U", 4, 7500]]),
  ryzen(5, "4000", 2020, [
    ["4500U", 6, 11100],
    ["4600U", 6, 13600],
    ["4600H", 6, 14800],
    ["PRO 4650U", 6, 13700],
  ]),
  ryzen(7, "4000", 2020, [
    ["4700U", 8, 13900],
    ["4800U", 8, 17200],
    ["4800H", 8, 18800],
    ["4800HS", 8, 18900],
    ["PRO 4750U", 8, 17400],
  ]),
  ryzen(9, "4000", 2020, [
    ["4900HS", 8, 19400],
    ["4900H", 8, 19700],
  ]),
  /* ── Ryzen 5000 (Lucienne, Cezanne, Barcelo) ── */
  ryzen(3, "5000", 2021, [
    ["5300U", 4, 10500],
    ["5400U", 4, 11400],
    ["5425U", 4, 11700, 2022],
  ]),
  ryzen(5, "5000", 2021, [
    ["5500U", 6, 13100],
    ["5600U", 6, 14700],
    ["5625U", 6, 14900, 2022],
    ["5600H", 6, 17200],
    ["PRO 5650U", 6, 15000],
  ]),
  ryzen(7, "5000", 2021, [
    ["5700U", 8, 16100],
    ["5800U", 8, 18400],
    ["5825U", 8, 18700, 2022],
    ["5800H", 8, 21100],
    ["5800HS", 8, 20500],
    ["PRO 5850U", 8, 18600],
  ]),
  ryzen(9, "5000", 2021, [
    ["5900HX", 8, 22800],
    ["5900HS", 8, 21900],
    ["5980HX", 8, 23400],
  ]),
  /* ── Ryzen 6000 (Rembrandt) ── */
  ryzen(5, "6000", 2022, [
    ["6600U", 6, 17000],
    ["6600H", 6, 19300],
    ["PRO 6650U", 6, 17300],
  ]),
  ryzen(7, "6000", 2022, [
    ["6800U", 8, 20800],
    ["6800H", 8, 23500],
    ["6800HS", 8, 23000],
    ["PRO 6850U", 8, 21000],
  ]),
  ryzen(9, "6000", 2022, [
    ["6900HX", 8, 24800],
    ["6900HS", 8, 24200],
  ]),
  /* ── Ryzen 7000 (Mendocino, Barcelo-R, Rembrandt-R, Phoenix, Dragon Range) ── */
  ryzen(3, "7000", 2023, [
    ["7320U", 4, 8000, 2022],
    ["7330U", 4, 11500],
    ["7440U", 4, 13000],
  ]),
  ryzen(5, "7000", 2023, [
    ["7530U", 6, 15300],
    ["7520U", 4, 9600, 2022],
    ["7535U", 6, 16800],
    ["7535HS", 6, 19500],
    ["7540U", 6, 20000],
    ["7640U", 6, 21500],
    ["7640HS", 6, 24200],
    ["7645HX", 6, 29000],
  ]),
  ryzen(7, "7000", 2023, [
    ["7730U", 8, 18700],
    ["7735U", 8, 21000],
    ["7735HS", 8, 23800],
    ["7435HS", 8, 22500, 2024],
    ["7840U", 8, 25400],
    ["7840HS", 8, 28900],
    ["7745HX", 8, 34500],
  ]),
  ryzen(9, "7000", 2023, [
    ["7940HS", 8, 30400],
    ["7845HX", 12, 46000],
    ["7945HX", 16, 55500],
  ]),
  /* ── Ryzen 8000 (Hawk Point) ── */
  ryzen(5, "8000", 2024, [
    ["8640U", 6, 21000],
    ["8540U", 6, 17500],
    ["8645HS", 6, 24500],
  ]),
  ryzen(7, "8000", 2024, [
    ["8840U", 8, 25300],
    ["8840HS", 8, 28500],
    ["8845HS", 8, 29500],
  ]),
  ryzen(9, "8000", 2024, [["8945HS", 8, 30700]]),
  /* ── Ryzen 9000 (Fire Range) ── */
  ryzen(9, "9000", 2025, [
    ["9955HX", 16, 61000],
    ["9955HX3D", 16, 61500],
    ["9850HX", 12, 50000],
  ]),
  /* ── Ryzen 200 (Hawk Point renamed, 2025) ── */
  ryzen(5, "200", 2025, [["240", 6, 24500]]),
  ryzen(7, "200", 2025, [
    ["260", 8, 29000],
    ["250", 8, 28300],
  ]),
  /* ── Ryzen AI 300 (Strix Point, Krackan Point) and AI Max (Strix Halo) ── */
  {
    prefix: "AMD ",
    family: "AMD Ryzen AI 5",
    generation: "Ryzen AI 300",
    year: 2025,
    models: [
      ["Ryzen AI 5 340", 6, 23000],
      ["Ryzen AI 5 330", 4, 14500],
    ],
  },
  {
    prefix: "AMD ",
    family: "AMD Ryzen AI 7",
    generation: "Ryzen AI 300",
    year: 2025,
    models: [
      ["Ryzen AI 7 350", 8, 28500],
      ["Ryzen AI 7 PRO 360", 8, 29500, 2024],
    ],
  },
  {
    prefix: "AMD ",
    family: "AMD Ryzen AI 9",
    generation: "Ryzen AI 300",
    year: 2024,
    models: [
      ["Ryzen AI 9 HX 370", 12, 35500],
      ["Ryzen AI 9 365", 10, 32500],
      ["Ryzen AI 9 HX 375", 12, 36000],
    ],
  },
  {
    prefix: "AMD ",
    family: "AMD Ryzen AI Max",
    generation: "Ryzen AI Max",
    year: 2025,
    models: [
      ["Ryzen AI Max+ 395", 16, 56000],
      ["Ryzen AI Max 390", 12, 47000],
      ["Ryzen AI Max 385", 8, 35000],
    ],
  },
  /* ── Apple silicon (macOS figures) ── */
  apple("M", "M1", 2020, [["M1", 8, 14600]]),
  apple("M Pro", "M1", 2021, [
    ["M1 Pro 10-core", 10, 21800],
    ["M1 Pro 8-core", 8, 18800],
  ]),
  apple("M Max", "M1", 2021, [["M1 Max 10-core", 10, 22100]]),
  apple("M", "M2", 2022, [["M2", 8, 15300]]),
  apple("M Pro", "M2", 2023, [
    ["M2 Pro 10-core", 10, 22500],
    ["M2 Pro 12-core", 12, 25900],
  ]),
  apple("M Max", "M2", 2023, [["M2 Max 12-core", 12, 26500]]),
  apple("M", "M3", 2023, [["M3", 8, 19100]]),
  apple("M Pro", "M3", 2023, [
    ["M3 Pro 11-core", 11, 25000],
    ["M3 Pro 12-core", 12, 27500],
  ]),
  apple("M Max", "M3", 2023, [
    ["M3 Max 14-core", 14, 37000],
    ["M3 Max 16-core", 16, 41500],
  ]),
  apple("M", "M4", 2024, [["M4", 10, 23500]]),
  apple("M Pro", "M4", 2024, [
    ["M4 Pro 12-core", 12, 33000],
    ["M4 Pro 14-core", 14, 37000],
  ]),
  apple("M Max", "M4", 2024, [
    ["M4 Max 14-core", 14, 39500],
    ["M4 Max 16-core", 16, 44500],
  ]),
  apple("M", "M5", 2025, [["M5", 10, 27500]]),
  /* ── Qualcomm Snapdragon X (Windows on Arm) ── */
  {
    prefix: "Qualcomm Snapdragon ",
    family: "Snapdragon X Elite",
    generation: "X1",
    year: 2024,
    models: [
      ["X Elite X1E-78-100", 12, 20500],
      ["X Elite X1E-80-100", 12, 22000],
      ["X Elite X1E-84-100", 12, 23500],
    ],
  },
  {
    prefix: "Qualcomm Snapdragon ",
    family: "Snapdragon X Plus",
    generation: "X1",
    year: 2024,
    models: [
      ["X Plus X1P-42-100", 8, 15500],
      ["X Plus X1P-46-100", 8, 16000],
      ["X Plus X1P-64-100", 10, 19000],
    ],
  },
  {
    prefix: "Qualcomm Snapdragon ",
    family: "Snapdragon X",
    generation: "X1",
    year: 2025,
    models: [["X X1-26-100", 8, 12500]],
  },
];

function ryzen(tier: 3 | 5 | 7 | 9, series: string, year: number, models: ProcessorGroup["models"]): ProcessorGroup {
  return {
    prefix: `AMD Ryzen ${tier} `,
    family: `AMD Ryzen ${tier}`,
    generation: `Ryzen ${series}`,
    year,
    models,
  };
}

function apple(line: "M" | "M Pro" | "M Max", generation: string, year: number, models: ProcessorGroup["models"]) {
  return { prefix: "Apple ", family: `Apple ${line}`, generation, year, models };
}
