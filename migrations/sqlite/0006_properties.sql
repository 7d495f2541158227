-- Property listings (core-panel.md §3, §7): the listing itself, its ordered images and its
-- selected features.
--
-- Money (price, maintenance_fee, property_tax) is stored as a whole number of thousandths
-- of the currency unit: exact on both databases, sortable by index, and fine enough for the
-- three-decimal dinar (JOD). 1234567.89 is kept as 1234567890.
CREATE TABLE properties (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    property_number TEXT,
    title_en TEXT NOT NULL,
    title_ar TEXT NOT NULL,
    description_en TEXT NOT NULL,
    description_ar TEXT NOT NULL,
    location_en TEXT NOT NULL,
    location_ar TEXT NOT NULL,
    price INTEGER NOT NULL, -- thousandths
    currency TEXT NOT NULL,
    area REAL,
    plot_area REAL,
    built_area REAL,
    -- Absent only on listings made with the older quick form, which has no location picker.
    country_id INTEGER REFERENCES countries (id) ON DELETE RESTRICT,
    city_id INTEGER REFERENCES cities (id) ON DELETE RESTRICT,
    region_id INTEGER REFERENCES regions (id) ON DELETE RESTRICT,
    category_id INTEGER NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
    type_id INTEGER NOT NULL REFERENCES property_types (id) ON DELETE RESTRICT,
    continent TEXT,
    status TEXT NOT NULL DEFAULT 'active', -- active, pending or sold
    display_type TEXT NOT NULL DEFAULT 'public', -- public or investment
    facing TEXT,
    is_featured INTEGER NOT NULL DEFAULT 0,
    bedroom INTEGER NOT NULL DEFAULT 0,
    master_bedroom INTEGER NOT NULL DEFAULT 0,
    maids_room INTEGER NOT NULL DEFAULT 0,
    living_room INTEGER NOT NULL DEFAULT 0,
    kitchen INTEGER NOT NULL DEFAULT 0,
    open_kitchen INTEGER NOT NULL DEFAULT 0,
    service_kitchen INTEGER NOT NULL DEFAULT 0,
    laundry_room INTEGER NOT NULL DEFAULT 0,
    bathroom INTEGER NOT NULL DEFAULT 0,
    balcony INTEGER NOT NULL DEFAULT 0,
    terrace INTEGER NOT NULL DEFAULT 0,
    guest_room INTEGER NOT NULL DEFAULT 0,
    storage INTEGER NOT NULL DEFAULT 0,
    building_type_new TEXT, -- required by the comprehensive form; absent from quick-form listings
    year_built INTEGER,
    building_condition TEXT,
    number_of_floors_in_building INTEGER,
    floor_number_unit INTEGER,
    apartments_per_floor INTEGER,
    parking_spaces_available INTEGER,
    elevators_available INTEGER NOT NULL DEFAULT 0,
    fire_safety_system INTEGER NOT NULL DEFAULT 0,
    hotel_style_entrance INTEGER NOT NULL DEFAULT 0,
    parking_space INTEGER NOT NULL DEFAULT 0,
    furnished INTEGER NOT NULL DEFAULT 0,
    fitted_kitchen INTEGER NOT NULL DEFAULT 0,
    kitchen_with_appliances INTEGER NOT NULL DEFAULT 0,
    gas_central_heating INTEGER NOT NULL DEFAULT 0,
    diesel_central_heating INTEGER NOT NULL DEFAULT 0,
    air_conditioning_unit INTEGER NOT NULL DEFAULT 0,
    double_glazed_aluminum_windows INTEGER NOT NULL DEFAULT 0,
    electric_shutters INTEGER NOT NULL DEFAULT 0,
    gas_fireplace INTEGER NOT NULL DEFAULT 0,
    diesel_fireplace INTEGER NOT NULL DEFAULT 0,
    has_intercom INTEGER NOT NULL DEFAULT 0,
    decoration INTEGER NOT NULL DEFAULT 0,
    smart_home_system INTEGER NOT NULL DEFAULT 0,
    has_underfloor_heating INTEGER NOT NULL DEFAULT 0,
    has_central_ac INTEGER NOT NULL DEFAULT 0,
    panoramic_view INTEGER NOT NULL DEFAULT 0,
    security_system_cctv_alarm INTEGER NOT NULL DEFAULT 0,
    swimming_pool_shared_or_private INTEGER NOT NULL DEFAULT 0,
    gym_fitness_center INTEGER NOT NULL DEFAULT 0,
    sauna_jacuzzi INTEGER NOT NULL DEFAULT 0,
    bbq_area INTEGER NOT NULL DEFAULT 0,
    kids_play_area INTEGER NOT NULL DEFAULT 0,
    lobby INTEGER NOT NULL DEFAULT 0,
    private_elevator INTEGER NOT NULL DEFAULT 0,
    maintenance_fee INTEGER, -- thousandths
    property_tax INTEGER, -- thousandths
    video_url TEXT,
    virtual_tour_url TEXT,
    -- The older quick form's own fields, kept as it sent them.
    bedrooms INTEGER,
    bathrooms INTEGER,
    floor INTEGER,
    total_floors INTEGER,
    parking_spaces INTEGER,
    building_age INTEGER,
    has_balcony INTEGER NOT NULL DEFAULT 0,
    has_garden INTEGER NOT NULL DEFAULT 0,
    has_elevator INTEGER NOT NULL DEFAULT 0,
    has_swimming_pool INTEGER NOT NULL DEFAULT 0,
    has_gym INTEGER NOT NULL DEFAULT 0,
    has_security INTEGER NOT NULL DEFAULT 0,
    pets_allowed INTEGER NOT NULL DEFAULT 0,
    -- fold(titleEn, titleAr, propertyNumber, locationEn, locationAr), one per line: what q matches.
    search_text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    featured_at TEXT,
    last_renovated TEXT,
    version INTEGER NOT NULL DEFAULT 1
);

-- Every filter and sort of the list has an index; stats count from the status index.
CREATE INDEX properties_status ON properties (status);
CREATE INDEX properties_category_id ON properties (category_id);
CREATE INDEX properties_type_id ON properties (type_id);
CREATE INDEX properties_country_id ON properties (country_id);
CREATE INDEX properties_city_id ON properties (city_id);
CREATE INDEX properties_region_id ON properties (region_id);
CREATE INDEX properties_display_type ON properties (display_type);
CREATE INDEX properties_is_featured ON properties (is_featured);
CREATE INDEX properties_created_at ON properties (created_at);
CREATE INDEX properties_updated_at ON properties (updated_at);
CREATE INDEX properties_price ON properties (price);
CREATE INDEX properties_title_en ON properties (title_en);
CREATE INDEX properties_property_number ON properties (property_number);

-- Substring search: an FTS5 trigram index over the folded text, kept in step by triggers.
-- Case-sensitive, as the text is folded already: a match is exactly an `instr` of the folded
-- text, so the server may test rows either way and get the same answer (and PostgreSQL's
-- LIKE agrees).
CREATE VIRTUAL TABLE property_search USING fts5 (
    search_text, content = 'properties', content_rowid = 'id', tokenize = 'trigram case_sensitive 1'
);
CREATE TRIGGER properties_search_insert AFTER INSERT ON properties BEGIN
    INSERT INTO property_search (rowid, search_text) VALUES (new.id, new.search_text);
END;
CREATE TRIGGER properties_search_delete AFTER DELETE ON properties BEGIN
    INSERT INTO property_search (property_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;
CREATE TRIGGER properties_search_update AFTER UPDATE OF search_text ON properties BEGIN
    INSERT INTO property_search (property_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO property_search (rowid, search_text) VALUES (new.id, new.search_text);
END;

-- The listing's images in order; position 0 is the cover. A reference is a /media path or an
-- accepted outside URL.
CREATE TABLE property_images (
    property_id INTEGER NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    reference TEXT NOT NULL,
    PRIMARY KEY (property_id, position)
);

-- The selectable features chosen for a listing; gone with either side.
CREATE TABLE property_feature_assignments (
    property_id INTEGER NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    feature_id INTEGER NOT NULL REFERENCES property_features (id) ON DELETE CASCADE,
    PRIMARY KEY (property_id, feature_id)
);
CREATE INDEX property_feature_assignments_feature_id ON property_feature_assignments (feature_id);
