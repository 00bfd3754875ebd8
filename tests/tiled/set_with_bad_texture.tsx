<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="outside" tilewidth="32" tileheight="32" tilecount="2" columns="2">
 <image source="tiles.png" width="64" height="32"/>
 <tile id="0"><properties><property name="texture" value="brick"/></properties></tile>
 <tile id="1"><properties><property name="texture" value="no such/texture"/></properties></tile>
</tileset>
