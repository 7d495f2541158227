-- Continents, building types and building conditions are stored as the specification spells
-- them ('North America', 'Apartment', 'Needs Renovation'), the spelling a client sends and
-- reads back; they were stored as lowercase words joined by '-'. Currencies (ISO codes) and
-- orientations (lowercase in the specification) are unchanged.
UPDATE properties SET continent = CASE continent
        WHEN 'asia' THEN 'Asia'
        WHEN 'europe' THEN 'Europe'
        WHEN 'africa' THEN 'Africa'
        WHEN 'north-america' THEN 'North America'
        WHEN 'south-america' THEN 'South America'
        WHEN 'oceania' THEN 'Oceania'
    END
WHERE continent IN ('asia', 'europe', 'africa', 'north-america', 'south-america', 'oceania');

UPDATE properties SET building_type_new = CASE building_type_new
        WHEN 'apartment' THEN 'Apartment'
        WHEN 'villa' THEN 'Villa'
        WHEN 'duplex' THEN 'Duplex'
        WHEN 'townhouse' THEN 'Townhouse'
        WHEN 'penthouse' THEN 'Penthouse'
        WHEN 'studio' THEN 'Studio'
        WHEN 'loft' THEN 'Loft'
        WHEN 'chalet' THEN 'Chalet'
        WHEN 'office' THEN 'Office'
        WHEN 'shop' THEN 'Shop'
        WHEN 'warehouse' THEN 'Warehouse'
    END
WHERE building_type_new IN ('apartment', 'villa', 'duplex', 'townhouse', 'penthouse', 'studio', 'loft', 'chalet', 'office', 'shop', 'warehouse');

UPDATE properties SET building_condition = CASE building_condition
        WHEN 'new' THEN 'New'
        WHEN 'renovated' THEN 'Renovated'
        WHEN 'good' THEN 'Good'
        WHEN 'needs-renovation' THEN 'Needs Renovation'
    END
WHERE building_condition IN ('new', 'renovated', 'good', 'needs-renovation');
