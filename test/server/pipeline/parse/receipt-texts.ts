// Receipt texts written for these tests in the layouts of Finnish chains. Stores, products and
// prices are made up; every receipt adds up (items + deposits + fees − returns = total).

export const K_CITYMARKET = `      *K-Citymarket Espoo Iso Omena*
      Piispansilta 11, 02230 Espoo
             Avoinna 24h
              0207 123456
         www.k-citymarket.fi

K004   M051234/1187     17:05      3.3.2024

Pirkka täysmaito 1l                    1,19
PLUSSA-TASAERÄ 2 KPL/6,00 EUR
  Snellman kinkkuleike 300g            8,58
      2 KPL       4,29 €/KPL
PLUSSA-ETU                             2,58-
Pirkka kurkku                          1,12
  0,415 KG        2,69 €/KG
Vaasan ruispalat 12 kpl 660g           2,89
- ALENNUS 30 %                         0,87-
K-Menu jauheliha 400g                  3,79
Muovikassi                             0,25
                                 ----------
YHTEENSÄ                              14,37

KANTA-ASIAKAS
  KORTTI: 1234
  PLUSSA-EDUT YHTEENSÄ                 3,45
  PLUSSAA KERRYTTÄVÄT OSTOT           14,37

KORTTITAPAHTUMA
Kortti:                      Visa Debit
                 **** **** **** 1234 CP
Debit/Veloitus                  14,37 EUR

ALV        VEROTON    VERO   VEROLLINEN
2 14,00%     12,39    1,73        14,12
3 24,00%      0,20    0,05         0,25
YHTEENSÄ     12,59    1,78        14,37

*KIITOS KÄYNNISTÄ, TERVETULOA UUDELLEEN!*
`;

export const K_MARKET = `           *K-Market Kalevanpuisto*
                Kalevantie 3
               33100 Tampere
           Y-tunnus: 2345678-9
            Puh: 010 123 4567

K001     M012004/5521    08.12       12.2.2024

Pirkka banaani                           0,61
  0,322 KG        1,89 €/KG
Valio Eila kevytmaitojuoma 1l            1,98
  2 KPL x 0,99
Karhu III olut 0,33l tlk                 1,49
PANTTI 0,15                              0,15
Tölkki-/pullopalautus                   -0,40
                                    ----------
YHTEENSÄ                                 3,83

KORTTITAPAHTUMA
Kortti:                      Visa Debit
Debit/Veloitus                   3,83 EUR
`;

/** Lower-case OCR of an older K-Supermarket receipt: `.` decimals, `vhteensä`. */
export const K_SUPERMARKET_OCR = `k-supermarket kamppi
puh. 010 555 1234
2 k2 m000123/4567 18:22 14-03-2015
arla lempi jogurtti 1kg 2.49
pirkka omena jonagold 1.35
fazer sininen 200g 2.95
vhteensä 6.79
korttitapahtuma
debit/veloitus 6,79 eur
alv veroton vero verollinen
2 14.00% 5.96 0.83 6.79
yhteensä 5.96 0.83 6.79
`;

export const PRISMA = `       PRISMA KALEVA TAMPERE
     Sammonkatu 75, 33540 Tampere
  010 7670000 (0,0835 e/puh+0,1209 e/min)
         Avoinna: MA-SU 7-23

K007     M004512/3310    5.4.2024      19:12


ASIAKASOMISTAJAN edut ja alennukset on
huomioitu.
------------------------------------------
KEVYTMAITO LAKTOOSITON 1L            1,29
JAUHELIHA NAUTA 10% 400G             4,79
      2 KPL        3,49 €/KPL
  NORM.                       6,98
  KAMPANJA                    -2,19
KURKKU SUOMI                         1,07
  0,358 KG         2,99 €/KG
COCA-COLA ZERO 1,5L                  2,49
PANTTI KMP >1,0L, K                  0,40
KAURAJUOMA 1L                        1,69
- RIVIALENNUS 30 %                   0,51-
MUOVIKASSI PR HARMAA                 0,25
------------------------------------------
YHTEENSÄ                            11,47

KORTTITAPAHTUMA
Kortti:                      Visa Debit
                 **** **** **** 4321 LN
Debit/Veloitus                     11,47 EUR
Visa Contactless

Bonukseen kirjattu      12345            11,47

ALV           VEROTON     VERO      VEROLLINEN
0,00%            0,40     0,00            0,40
13,50%           9,53     1,29           10,82
25,50%           0,20     0,05            0,25
YHTEENSÄ        10,13     1,34           11,47

     Esimerkin Osuuskauppa 1234567-8
`;

export const S_MARKET = `            S-MARKET HERVANTA
       Pietilänkatu 2, 33720 Tampere
         Puh. 010 767 1234

K002    M001122/3344    20.6.2024      09:41

PALAUTUS: PULLOPALAUTUS 1 -1 KPL        2,10-
RUISLEIPÄ PALAT 6KPL 330G                1,89
OMENA PINK LADY                          2,32
  0,776 KG        2,99 €/KG
SUOMALAINEN RYPSIÖLJY 1L                 3,45
KANANMUNA M 10KPL LUOMU                  3,99
KAMPANJA                                 0,80-
TOMAATTIMURSKA 390G                      2,25
      3 KPL        0,75 €/KPL
                                    ----------
YHTEENSÄ                                11,00

KORTTITAPAHTUMA
Debit/Veloitus                     11,00 EUR
`;

export const SALE = `                SALE KALEVA
     Liisanpuisto 1, 33540 Tampere
  010 7670000 (0,0835 e/puh+0,1209 e/min)

K001     M000777/0101    1.3.2024      22:05

ASIAKASOMISTAJAN edut ja alennukset on
huomioitu.
------------------------------------------
ENERGIAJUOMA SOKERITON 0,5L          1,79
PANTTI KMP0,351-0,999L, K            0,20
NAKKI 300G                           2,29
------------------------------------------
YHTEENSÄ                             4,28
`;

export const ALEPA = `            ALEPA KALLIO
     Helsinginkatu 10, 00500 Helsinki

K003     M002020/3030    11.11.2024      07:55

KAURAPUURO VALMIS 300G               1,39
BANAANI                              0,43
  0,229 KG         1,89 €/KG
KAHVI TUMMA PAAHTO 500G              6,49
S-Etu KAMPANJA                       1,50-
------------------------------------------
YHTEENSÄ                             6,81
`;

export const SOKOS_HERKKU = `         SOKOS KESKUSTA puh.0101234567
       Esimerkin Osuuskauppa 1234567-8
        www.facebook.com/sokosherkku/

K018     M004111/2222     6.2.2024      12:34

SALAATTIBUFFET                            6,90
GRILLATTU KANANKOIVET                     4,20
KAMPANJA                                  1,00-
- RIVIALENNUS 30 %                        0,96-
                                     ----------
YHTEENSÄ                                  9,14
`;

/** Lidl as its receipts print: prices with VAT letters, discounts as their own negative lines. */
export const LIDL = `                  LIDL
     Lidl Suomi Ky Tampere-Hatanpää
        Hatanpään valtatie 36
        Y-tunnus FI 01615779-0
                                  EUR
Kevytmaito 1l                    0,95 B
Juustoviipale 150g               1,98 B
  2 x 0,99
Kananmunat 10 kpl M              2,19 B
Lidl Plus -säästösi             -0,30
Perunat 2kg                      1,49 B
Alennus 20%                     -0,30
Tölkki-/pullopalautus           -0,40 A
                           ------------
Yhteensä                         5,61
                           ============
Korttimaksu                      5,61

Alennukset yhteensä              0,60
Alv      Brutto     Netto      Vero
A 0%      -0,40     -0,40      0,00
B 14%      6,01      5,27      0,74
`;

/**
 * The same Lidl receipt as OCR reads a photo of it: the prices, printed half a line above
 * their names, land on the line above.
 */
export const LIDL_OFFSET_OCR = `Lidl Suomi Ky Tampere-Hatanpää
                                  EUR
Juustoviipale 150g               1,98 B
  2 x 0,99                       2,19 B
Kananmunat 10 kpl M             -0,30
Lidl Plus -säästösi              1,49 B
Perunat 2kg                     -0,30
Alennus 20%                      0,95 B
Kevytmaito 1l
                           ------------
Yhteensä                         6,01
Korttimaksu                      6,01
`;

export const TOKMANNI = `               TOKMANNI
           Tampere Lielahti
    Lielahdenkatu 10, 33400 Tampere
     Tokmanni Oy  Y-tunnus 1234567-8

KASSA 4    KUITTI 8812     12.01.2024 16:40

6410405123456 FAIRY ASTIANPESUAINE 650ML     2,79
6408430012345 MARABOU MAITOSUKLAA 200G       2,49
KOIRANRUOKA NAPPULA 3KG                      9,95
PAPERIPYYHE 4 RL
  2 KPL x 1,29                               2,58
------------------------------------------------
YHTEENSÄ EUR                                17,81
KÄTEINEN                                    20,00
TAKAISIN                                     2,19
`;

export const UNKNOWN_STORE = `     Lähikauppa Koivula
     Koivukuja 5, 12345 Koivula
     Puh. 040 123 4567

12.05.2024 14:10
MAITO 1L                 1,15
LEIPÄ                    2,40
YHTEENSÄ                 3,55
KÄTEINEN                 5,00
TAKAISIN                 1,45
`;

/** An S-kaupat home-delivery order as a PDF text extractor gives it: single spaces, CRLF. */
export const S_KAUPAT_ONLINE = [
  'S-KAUPAT',
  'Prisma ruoan verkkokauppa',
  'KAARITIE 8',
  '02600 ESPOO',
  'HOK-ELANTO LIIKETOIMINTA OY',
  '1234567-8',
  'TILAUSNRO: 1234567890',
  '15.03.2025 10:20',
  '----------------------------------------',
  'KAURAHIUTALE 1KG 1,45',
  'BROILERIN RINTAFILE 500G 6,99',
  'PAPRIKA PUNAINEN 1,52',
  '0,380 KG 3,99 €/KG',
  'JOGURTTI MANSIKKA 1KG 2,98',
  '2 KPL 1,49 €/KPL',
  'NORM. 3,98',
  'ALENNUS -1,00',
  'KERÄILYMAKSU 3,90',
  'VERKKOK.PAKKAUSMATERIAALIMAKSU 0,60',
  'TOIMITUSMAKSU 7,90 7,90',
  '----------------------------------------',
  'VÄLISUMMA 25,34',
  'YHTEENSÄ 25,34',
  'BONUSTA KERRYTTÄVÄT OSTOK 25,34',
  'MAKSUTAPA Korttimaksu',
  'Veloitus: 25,34',
  'ALV VEROTON VERO VEROLLINEN',
  '25,5% 0,48 0,12 0,60',
  '13,5% 21,80 2,94 24,74',
  'YHT. 22,28 3,06 25,34',
].join('\r\n');

/** Delivery-order fragment padded with non-breaking spaces, as some exports print it. */
export const NBSP_FRAGMENT = [
  '\u00a0PORKKANA\u00a01KG\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a01,39\u00a0',
  '\u00a0RUUSUKAALI\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a03,58\u00a0',
  '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a02\u00a0KPL\u00a0\u00a0\u00a0\u00a0\u00a0\u00a01,79\u00a0€/KPL',
  '\u00a0PAKKAUSMATERIAALIT\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a00,60\u00a0',
  '\u00a0TOIMITUSMAKSU\u00a09,90\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a09,90\u00a0',
  '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0----------',
  '\u00a0YHTEENSÄ\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a015,47\u00a0',
  '\u00a0VERKKOMAKSU\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a015,47\u00a0',
].join('\n');

/**
 * The Prisma receipt as a noisy phone-photo OCR reads it: `l,29`, `O,40`, `1,0 7`, `6.98`,
 * `KPl`, `E`/`C` for `€`, a price without its decimal comma (`479`), `VHTEENSA`, specks
 * from the paper's edge and garbage lines.
 */
export const PRISMA_OCR = `=  PRISMA KALEVA TAMPERE   .
Sammonkatu 75, 33540 Tampere
K0O7 — M004512/3310 — 5.4.2024 19:12
|  ASIAKASOMISTAJAN edut ja alennukset on
KEVYTMAITO LAKTOOSITON 1L            l,29
JAUHELIHA NAUTA 10% 400G             479
      2 KPl        3,49 E/KPL
  NORM.                       6.98
  KAMPANJA                    -2,l9
KURKKU SUOMI                         1,0 7
  0,358 KG         2,99 C/KG
~~~~ ;;; ,,,
COCA-COLA ZERO 1,5L                  2.49
PANTTI KMP >1,0L, K                  O,40
KAURAJUOMA 1L                        1,69
- RIVIALENNUS 30 %                   O,51-
==     MUOVIKASSI PR HARMAA          0,25   =
aaaa bbbb
4,44
VHTEENSA                            11,47
KORTTITAPAHTUMA
Debit/Veloitus                     11,47 EUR
`;
