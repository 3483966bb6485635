use super::*;

/// The names of a small wide partition's tables.
const NAMES: [&str; 16] = [
    "w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8", "w9", "w10", "w11", "w12", "w13", "w14",
    "w15",
];

/// A partition of `side` (6 or 7) whose patterns are the canonical goal's tiles in reading order,
/// `size` a pattern, and its tables: quick to build, and not its own transpose.
fn small_wide(side: usize, size: usize) -> (Partition, Vec<Pdb>) {
    let tiles: Vec<u8> = (1..(side * side) as u8).collect();
    let tables: Vec<Spec> = (tiles.chunks(size).zip(NAMES))
        .map(|(homes, name)| Spec {
            family: Family::THIRTY_FIVE,
            name,
            pattern: Pattern::new(side, homes),
            blank: 0,
        })
        .collect();
    let built = (tables.iter())
        .map(|spec| {
            let control = Control::default();
            build(&spec.pattern, 0, 2, &|_| {}, &control)
                .expect("no stop")
                .0
        })
        .collect();
    let partition = Partition {
        family: Family::THIRTY_FIVE,
        side,
        blank: 0,
        splits: vec![(0..tables.len()).map(|t| (t, 0)).collect()],
        tables,
    };
    (partition, built)
}

#[test]
fn builds_past_32_cells_what_a_plain_search_finds() {
    // a cell is a bit of a 64-bit mask there, and a state's blank six bits
    for (side, homes) in [(6, vec![14u8, 15, 20]), (6, vec![1, 6]), (7, vec![47, 48])] {
        let states = plain(side, &homes, 0);
        let mut least: HashMap<Vec<u8>, u32> = HashMap::new();
        for ((placement, _), &cost) in &states {
            let entry = least.entry(placement.clone()).or_insert(cost);
            *entry = (*entry).min(cost);
        }
        let pattern = Pattern::new(side, &homes);
        assert_eq!(least.len(), pattern.placements(), "{homes:?}");
        for jobs in [1, 2] {
            let (table, clipped) =
                build(&pattern, 0, jobs, &|_| {}, &Control::default()).expect("no stop");
            assert_eq!(clipped, 0);
            for (placement, free) in states.keys() {
                let entry = table.entry(placement, *free);
                assert_eq!(entry, least[placement], "{side} {homes:?}: {placement:?}");
            }
            let deep = pdb::verify(&table, 0, pdb::Depth::Full);
            assert_eq!(deep, Ok(()), "{side} {homes:?}");
        }
    }
}

#[test]
fn the_wide_estimate_is_the_definition_and_kept_move_by_move() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(77);
    // how often the tables' estimate and the conflicts' is the larger
    let mut larger = [0; 2];
    for side in [6, 7] {
        let shape = Shape::new(side, side).expect("a shape");
        let (partition, tables) = small_wide(side, 3);
        let shared: Vec<Arc<Pdb>> = tables.iter().cloned().map(Arc::new).collect();
        let wide = Wide::new(partition.clone(), shared);
        // the canonical goal, and DeepCubeA's (its blank in the last cell): two frames each
        for goal in [Board::canonical(shape, 0), Board::ordered(shape)] {
            for moves in [0, 1, 10, 40, 400] {
                let board = walk(&goal, moves, &mut rng);
                let estimate = wide.heuristic(&board, &goal).estimate();
                let tables = by_definition(&partition, &tables, &board, &goal);
                let conflicts = conflicts::Conflicts::new(&board, &goal).estimate();
                assert_eq!(estimate, tables.max(conflicts), "{board} to {goal}");
                larger[usize::from(tables > conflicts)] += 1;
            }
            kept_equals_fresh(&wide, &goal, &mut rng);
        }
    }
    assert!(larger.iter().all(|&count| count > 0), "{larger:?}");
}

#[test]
fn ida_over_wide_tables_finds_the_path_of_an_independent_search() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(78);
    let (partition, tables) = small_wide(6, 3);
    let wide = Wide::new(partition, tables.into_iter().map(Arc::new).collect());
    let goal = Board::ordered(Shape::new(6, 6).expect("a shape"));
    for _ in 0..6 {
        let board = walk(&goal, 26, &mut rng);
        let lookup = wide.heuristic(&board, &goal);
        let control = Control::default();
        let (ours, _) = ida::solve_with(&board, lookup, None, u64::MAX, 2, &control);
        let (theirs, _) = by_conflicts(&board, &goal);
        assert_eq!(ours, theirs, "{board}");
    }
}

#[test]
fn the_wide_families_split_every_tile_once_into_few_tables() {
    for (family, side, tables, five) in [
        (Family::THIRTY_FIVE, 6, 6, 6),
        (Family::FORTY_EIGHT, 7, 7, 4),
    ] {
        let partition = Partition::of(family, Class::Corner);
        assert_eq!((partition.side, partition.blank), (side, 0));
        assert_eq!(partition.tables.len(), tables, "{family}");
        let large = partition.tables.iter();
        let large = large.filter(|spec| spec.pattern.homes().len() == 5);
        assert_eq!(large.count(), five, "{family}");
        let mut tiles: Vec<u8> = partition.tiles(0).concat();
        tiles.sort_unstable();
        let every: Vec<u8> = (1..(side * side) as u8).collect();
        assert_eq!(tiles, every, "{family}");
        // each pattern looked up through a symmetry takes its tiles onto the table's homes
        for (&(table, onto), pattern) in partition.splits[0].iter().zip(partition.tiles(0)) {
            let image = pattern
                .iter()
                .map(|&c| symmetry_on(side, onto, usize::from(c)) as u8);
            let homes = partition.tables[table].pattern.homes();
            assert!(image.eq(homes.iter().copied()), "{family}: {pattern:?}");
        }
    }
}
