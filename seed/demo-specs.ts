import { sql } from "drizzle-orm";
import { adverts } from "../db/schema/index.ts";
import type { Core } from "../server/services.ts";

/**
 * What each demo laptop has inside, so the spec search (`thinkpad i7 16gb 512 ssd under 600`), its filters
 * and its counts show on first start: [processor, tier 1–4, RAM GB, storage GB, storage type, screen,
 * battery %]. The processor and tier are only filled where the seed left them empty (the processor list
 * fills them when it recognises the processor).
 */
const SPECS: Record<string, [string, number, number, number, string, string, number]> = {
  "Apple MacBook Air M2": ["Apple M2", 3, 8, 256, "SSD", "13.6", 92],
  "Apple MacBook Pro 14 M3": ["Apple M3", 3, 16, 512, "SSD", "14.2", 97],
  "Apple MacBook Air M1": ["Apple M1", 2, 8, 256, "SSD", "13.3", 84],
  "Apple MacBook Pro 16 M1 Pro": ["Apple M1 Pro 10-core", 4, 16, 1024, "SSD", "16.2", 81],
  "Apple MacBook Pro 13 M2": ["Apple M2", 3, 8, 512, "SSD", "13.3", 90],
  "Dell XPS 13 9315": ["Intel Core i7-1250U", 2, 16, 512, "SSD", "13.4", 88],
  "Dell Latitude 7440": ["Intel Core i5-1345U", 2, 16, 256, "SSD", "14", 93],
  "Dell Inspiron 15 3520": ["Intel Core i3-1215U", 1, 8, 256, "SSD", "15.6", 79],
  "Dell XPS 15 9530": ["Intel Core i9-13900H", 4, 32, 1024, "SSD", "15.6", 95],
  "Dell Vostro 3420": ["Intel Core i5-1135G7", 2, 8, 512, "HDD", "14", 70],
  "HP EliteBook 840 G9": ["Intel Core i7-1265U", 2, 16, 512, "SSD", "14", 86],
  "HP Spectre x360 14": ["Intel Core i7-1165G7", 2, 16, 1024, "SSD", "13.5", 83],
  "HP Pavilion 15": ["AMD Ryzen 5 5500U", 2, 8, 512, "SSD", "15.6", 77],
  "HP ProBook 450 G10": ["Intel Core i5-1335U", 2, 16, 512, "SSD", "15.6", 96],
  "HP Envy 13": ["Intel Core i5-8250U", 1, 8, 256, "SSD", "13.3", 68],
  "Lenovo ThinkPad X1 Carbon Gen 11": ["Intel Core i7-1365U", 3, 32, 1024, "SSD", "14", 94],
  "Lenovo ThinkPad T14 Gen 3": ["Intel Core i7-1255U", 2, 16, 512, "SSD", "14", 89],
  "Lenovo IdeaPad Slim 5": ["AMD Ryzen 7 5700U", 2, 16, 512, "SSD", "14", 91],
  "Lenovo Yoga 7i": ["Intel Core i5-1235U", 2, 8, 512, "SSD", "14", 85],
  "Lenovo Legion 5 Pro": ["AMD Ryzen 7 5800H", 3, 16, 1024, "SSD", "16", 80],
  "Asus ZenBook 14 OLED": ["Intel Core Ultra 7 155H", 3, 16, 1024, "SSD", "14", 98],
  "Asus ROG Zephyrus G14": ["AMD Ryzen 9 6900HS", 4, 32, 1024, "SSD", "14", 87],
  "Asus VivoBook 15": ["Intel Core i3-1115G4", 1, 8, 256, "SSD", "15.6", 74],
  "Asus TUF Gaming A15": ["AMD Ryzen 7 7735HS", 3, 16, 512, "SSD", "15.6", 90],
  "Asus ExpertBook B9": ["Intel Core i7-1355U", 2, 16, 1024, "SSD", "14", 92],
  "Acer Swift 3": ["Intel Core i5-1135G7", 2, 8, 512, "SSD", "14", 82],
  "Acer Aspire 5": ["Intel Core i5-1235U", 2, 8, 1024, "HDD", "15.6", 76],
  "Acer Nitro 5": ["Intel Core i7-12700H", 3, 16, 512, "SSD", "15.6", 78],
  "Acer TravelMate P2": ["Intel Core i3-1115G4", 1, 4, 128, "eMMC", "14", 65],
  "Acer Predator Helios 16": ["Intel Core i9-13900HX", 4, 32, 2048, "SSD", "16", 99],
};

export async function giveDemoSpecs(s: Core) {
  const rows = Object.entries(SPECS).map(
    ([name, spec]) =>
      sql`(${name}, ${spec[0]}, ${spec[1]}::smallint, ${spec[2]}::smallint, ${spec[3]}::int, ${spec[4]}, ${spec[5]}, ${spec[6]}::smallint)`,
  );
  await s.runtime.db.execute(sql`
    update ${adverts} a set processor = coalesce(a.processor, v.processor),
      performance_tier = coalesce(a.performance_tier, case when a.processor is null then v.tier end),
      ram_gb = v.ram, storage_gb = v.storage, storage_type = v.type, screen_inches = v.screen, battery_health = v.battery
    from (values ${sql.join(rows, sql`, `)}) as v(name, processor, tier, ram, storage, type, screen, battery)
    where a.name = v.name`);
}
