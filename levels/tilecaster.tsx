<?xml version="1.0" encoding="UTF-8"?>
<!-- tilecaster's tileset for Tiled: every wall, door, push wall, grate, exit and floor of the bundled
     textures as a tile carrying the properties the level reader takes (levels/README.md, "Tiled"),
     for the walls layer; and the things (player, every enemy kind, pickup and decoration, exit) as
     tiles of their class, for the things object layer (Insert Tile); and the bundled shaped walls (round and
     square pillars, diagonals, thin walls, rounded corners, window slits) as wall tiles with a
     `shape` property. Add tiles for your own textures the same way: an image, and a `texture`
     property naming it (and a `shape`, for a shaped wall). -->
<tileset version="1.8" tiledversion="1.8.2" name="tilecaster" tilewidth="64" tileheight="64" tilecount="83" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <properties>
   <property name="texture" value="brick"/>
  </properties>
  <image width="64" height="64" source="../textures/brick.png"/>
 </tile>
 <tile id="1">
  <properties>
   <property name="texture" value="stone"/>
  </properties>
  <image width="64" height="64" source="../textures/stone.png"/>
 </tile>
 <tile id="2">
  <properties>
   <property name="texture" value="blue_stone"/>
  </properties>
  <image width="64" height="64" source="../textures/blue_stone.png"/>
 </tile>
 <tile id="3">
  <properties>
   <property name="texture" value="wood"/>
  </properties>
  <image width="64" height="64" source="../textures/wood.png"/>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="door"/>
   <property name="texture" value="door"/>
  </properties>
  <image width="64" height="64" source="../textures/door.png"/>
 </tile>
 <tile id="5">
  <properties>
   <property name="key" value="gold"/>
   <property name="kind" value="door"/>
   <property name="texture" value="door"/>
  </properties>
  <image width="64" height="64" source="../textures/door.png"/>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" value="push"/>
   <property name="texture" value="stone"/>
  </properties>
  <image width="64" height="64" source="../textures/stone.png"/>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" value="masked"/>
   <property name="texture" value="grate"/>
  </properties>
  <image width="64" height="64" source="../textures/grate.png"/>
 </tile>
 <tile id="8">
  <properties>
   <property name="texture" value="exit"/>
  </properties>
  <image width="64" height="64" source="../textures/exit.png"/>
 </tile>
 <tile id="9">
  <properties>
   <property name="ceiling" value="ceiling"/>
   <property name="floor" value="floor_stone"/>
   <property name="kind" value="floor"/>
  </properties>
  <image width="64" height="64" source="../textures/floor_stone.png"/>
 </tile>
 <tile id="10">
  <properties>
   <property name="texture" value="mossy_stone"/>
  </properties>
  <image width="64" height="64" source="../textures/mossy_stone.png"/>
 </tile>
 <tile id="11">
  <properties>
   <property name="texture" value="concrete"/>
  </properties>
  <image width="64" height="64" source="../textures/concrete.png"/>
 </tile>
 <tile id="12">
  <properties>
   <property name="texture" value="metal"/>
  </properties>
  <image width="64" height="64" source="../textures/metal.png"/>
 </tile>
 <tile id="13">
  <properties>
   <property name="texture" value="tech"/>
  </properties>
  <image width="64" height="64" source="../textures/tech.png"/>
 </tile>
 <tile id="14">
  <properties>
   <property name="texture" value="banner"/>
  </properties>
  <image width="64" height="64" source="../textures/banner.png"/>
 </tile>
 <tile id="15">
  <properties>
   <property name="key" value="silver"/>
   <property name="kind" value="door"/>
   <property name="texture" value="door"/>
  </properties>
  <image width="64" height="64" source="../textures/door.png"/>
 </tile>
 <tile id="16">
  <properties>
   <property name="kind" value="push"/>
   <property name="texture" value="brick"/>
  </properties>
  <image width="64" height="64" source="../textures/brick.png"/>
 </tile>
 <tile id="17">
  <properties>
   <property name="kind" value="push"/>
   <property name="texture" value="wood"/>
  </properties>
  <image width="64" height="64" source="../textures/wood.png"/>
 </tile>
 <tile id="18">
  <properties>
   <property name="ceiling" value="ceiling"/>
   <property name="floor" value="concrete"/>
   <property name="kind" value="floor"/>
  </properties>
  <image width="64" height="64" source="../textures/concrete.png"/>
 </tile>
 <tile id="19" type="player">
  <properties>
   <property name="facing" value="east"/>
  </properties>
  <image width="64" height="64" source="tiled/player.png"/>
 </tile>
 <tile id="20" type="enemy">
  <properties>
   <property name="kind" value="guard"/>
  </properties>
  <image width="64" height="64" source="tiled/guard.png"/>
 </tile>
 <tile id="21" type="enemy">
  <properties>
   <property name="kind" value="officer"/>
  </properties>
  <image width="64" height="64" source="tiled/officer.png"/>
 </tile>
 <tile id="22" type="pickup">
  <properties>
   <property name="kind" value="first_aid"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/first_aid.png"/>
 </tile>
 <tile id="23" type="pickup">
  <properties>
   <property name="kind" value="ammo"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/ammo.png"/>
 </tile>
 <tile id="24" type="pickup">
  <properties>
   <property name="kind" value="cross"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/cross.png"/>
 </tile>
 <tile id="25" type="pickup">
  <properties>
   <property name="kind" value="gold_key"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/gold_key.png"/>
 </tile>
 <tile id="26" type="pickup">
  <properties>
   <property name="kind" value="silver_key"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/silver_key.png"/>
 </tile>
 <tile id="27" type="exit">
  <image width="64" height="64" source="tiled/exit.png"/>
 </tile>
 <tile id="28">
  <properties>
   <property name="shape" value="pillar_round"/>
   <property name="texture" value="stone"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_pillar_round.png"/>
 </tile>
 <tile id="29">
  <properties>
   <property name="shape" value="pillar_square"/>
   <property name="texture" value="stone"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_pillar_square.png"/>
 </tile>
 <tile id="30">
  <properties>
   <property name="shape" value="diagonal_nw_se"/>
   <property name="texture" value="mossy_stone"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_diagonal_nw_se.png"/>
 </tile>
 <tile id="31">
  <properties>
   <property name="shape" value="diagonal_ne_sw"/>
   <property name="texture" value="mossy_stone"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_diagonal_ne_sw.png"/>
 </tile>
 <tile id="32">
  <properties>
   <property name="shape" value="thin_ns"/>
   <property name="texture" value="wood"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_thin_ns.png"/>
 </tile>
 <tile id="33">
  <properties>
   <property name="shape" value="thin_ew"/>
   <property name="texture" value="wood"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_thin_ew.png"/>
 </tile>
 <tile id="34">
  <properties>
   <property name="shape" value="corner_nw"/>
   <property name="texture" value="blue_stone"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_corner_nw.png"/>
 </tile>
 <tile id="35">
  <properties>
   <property name="shape" value="corner_ne"/>
   <property name="texture" value="blue_stone"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_corner_ne.png"/>
 </tile>
 <tile id="36">
  <properties>
   <property name="shape" value="corner_se"/>
   <property name="texture" value="blue_stone"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_corner_se.png"/>
 </tile>
 <tile id="37">
  <properties>
   <property name="shape" value="corner_sw"/>
   <property name="texture" value="blue_stone"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_corner_sw.png"/>
 </tile>
 <tile id="38">
  <properties>
   <property name="shape" value="slit_ns"/>
   <property name="texture" value="concrete"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_slit_ns.png"/>
 </tile>
 <tile id="39">
  <properties>
   <property name="shape" value="slit_ew"/>
   <property name="texture" value="concrete"/>
  </properties>
  <image width="64" height="64" source="tiled/shape_slit_ew.png"/>
 </tile>
 <tile id="40" type="enemy">
  <properties>
   <property name="kind" value="dog"/>
  </properties>
  <image width="64" height="64" source="tiled/dog.png"/>
 </tile>
 <tile id="41" type="enemy">
  <properties>
   <property name="kind" value="ss"/>
  </properties>
  <image width="64" height="64" source="tiled/ss.png"/>
 </tile>
 <tile id="42" type="enemy">
  <properties>
   <property name="kind" value="mutant"/>
  </properties>
  <image width="64" height="64" source="tiled/mutant.png"/>
 </tile>
 <tile id="43" type="enemy">
  <properties>
   <property name="kind" value="boss"/>
  </properties>
  <image width="64" height="64" source="tiled/boss.png"/>
 </tile>
 <tile id="44" type="pickup">
  <properties>
   <property name="kind" value="food"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/food.png"/>
 </tile>
 <tile id="45" type="pickup">
  <properties>
   <property name="kind" value="rounds"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/rounds.png"/>
 </tile>
 <tile id="46" type="pickup">
  <properties>
   <property name="kind" value="chalice"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/chalice.png"/>
 </tile>
 <tile id="47" type="pickup">
  <properties>
   <property name="kind" value="chest"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/chest.png"/>
 </tile>
 <tile id="48" type="pickup">
  <properties>
   <property name="kind" value="crown"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/crown.png"/>
 </tile>
 <tile id="49" type="pickup">
  <properties>
   <property name="kind" value="machine_gun"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/machine_gun.png"/>
 </tile>
 <tile id="50" type="pickup">
  <properties>
   <property name="kind" value="chaingun"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/chaingun.png"/>
 </tile>
 <tile id="51" type="pickup">
  <properties>
   <property name="kind" value="launcher"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/launcher.png"/>
 </tile>
 <tile id="52" type="pickup">
  <properties>
   <property name="kind" value="one_up"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/one_up.png"/>
 </tile>
 <tile id="53" type="decoration">
  <properties>
   <property name="kind" value="barrel"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/barrel.png"/>
 </tile>
 <tile id="54" type="decoration">
  <properties>
   <property name="kind" value="table"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/table.png"/>
 </tile>
 <tile id="56" type="decoration">
  <properties>
   <property name="kind" value="armour"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/armour.png"/>
 </tile>
 <tile id="57" type="decoration">
  <properties>
   <property name="kind" value="plant"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/plant.png"/>
 </tile>
 <tile id="58" type="decoration">
  <properties>
   <property name="kind" value="well"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/well.png"/>
 </tile>
 <tile id="59" type="decoration">
  <properties>
   <property name="kind" value="lamp"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/lamp.png"/>
 </tile>
 <tile id="60" type="decoration">
  <properties>
   <property name="kind" value="chandelier"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/chandelier.png"/>
 </tile>
 <tile id="61" type="decoration">
  <properties>
   <property name="kind" value="bones"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/bones.png"/>
 </tile>
 <tile id="62" type="decoration">
  <properties>
   <property name="kind" value="puddle"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/puddle.png"/>
 </tile>
 <tile id="63" type="decoration">
  <properties>
   <property name="kind" value="flag"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/flag.png"/>
 </tile>
 <tile id="64" type="decoration">
  <properties>
   <property name="kind" value="skeleton"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/skeleton.png"/>
 </tile>
 <tile id="65" type="decoration">
  <properties>
   <property name="kind" value="barrel_wood"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/barrel_wood.png"/>
 </tile>
 <tile id="66" type="decoration">
  <properties>
   <property name="kind" value="table_chairs"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/table_chairs.png"/>
 </tile>
 <tile id="67" type="decoration">
  <properties>
   <property name="kind" value="floor_lamp"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/floor_lamp.png"/>
 </tile>
 <tile id="68" type="decoration">
  <properties>
   <property name="kind" value="ceiling_light"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/ceiling_light.png"/>
 </tile>
 <tile id="69" type="decoration">
  <properties>
   <property name="kind" value="hanging_skeleton"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/hanging_skeleton.png"/>
 </tile>
 <tile id="70" type="decoration">
  <properties>
   <property name="kind" value="bones_blood"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/bones_blood.png"/>
 </tile>
 <tile id="71" type="decoration">
  <properties>
   <property name="kind" value="blood_pool"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/blood_pool.png"/>
 </tile>
 <tile id="72" type="decoration">
  <properties>
   <property name="kind" value="potted_tree"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/potted_tree.png"/>
 </tile>
 <tile id="73" type="decoration">
  <properties>
   <property name="kind" value="sink"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/sink.png"/>
 </tile>
 <tile id="74" type="decoration">
  <properties>
   <property name="kind" value="vase"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/vase.png"/>
 </tile>
 <tile id="75" type="decoration">
  <properties>
   <property name="kind" value="pots_pans"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/pots_pans.png"/>
 </tile>
 <tile id="76" type="decoration">
  <properties>
   <property name="kind" value="stove"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/stove.png"/>
 </tile>
 <tile id="77" type="decoration">
  <properties>
   <property name="kind" value="spear_rack"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/spear_rack.png"/>
 </tile>
 <tile id="78" type="decoration">
  <properties>
   <property name="kind" value="cage"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/cage.png"/>
 </tile>
 <tile id="79" type="decoration">
  <properties>
   <property name="kind" value="cage_skeleton"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/cage_skeleton.png"/>
 </tile>
 <tile id="80" type="decoration">
  <properties>
   <property name="kind" value="well_water"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/well_water.png"/>
 </tile>
 <tile id="81" type="decoration">
  <properties>
   <property name="kind" value="vines"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/vines.png"/>
 </tile>
 <tile id="82" type="decoration">
  <properties>
   <property name="kind" value="bed"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/bed.png"/>
 </tile>
 <tile id="83" type="decoration">
  <properties>
   <property name="kind" value="basket"/>
  </properties>
  <image width="64" height="64" source="../textures/sprites/basket.png"/>
 </tile>
</tileset>
