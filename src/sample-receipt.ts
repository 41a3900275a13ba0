// The widget's built-in sample receipt ("Try Sample"). The backend recognises this exact
// text and leaves it out of the community statistics, so demos do not inflate them.
// Written by the project in the layout of a K-Citymarket receipt; the products are ordinary
// Finnish groceries.
export const SAMPLE_RECEIPT_TEXT = `K-Citymarket Helsinki Ruoholahti
Porkkalankatu 11, 00180 Helsinki
Y-tunnus 1234567-8

K003  M012345/6789   14.11.2025   17:42

Pirkka naudan jauheliha 10% 400g      5,49
Atria broilerin rintafilee 600g       9,99
Valio kevytmaito 1,5L                 1,65
Arla Keso raejuusto 200g              1,75
Valio Oltermanni 500g                 6,99
Pirkka suomalainen kananmuna 10kpl    3,29
Fazer Puikula ruisleipä 400g          2,19
Elovena kaurahiutale 1kg              1,89
Pirkka banaani                        0,98
  0,520 KG        1,89 €/KG
Tomaatti Suomi                        2,46
  0,630 KG        3,90 €/KG
Perunat 2kg                           1,99
Oatly kaurajuoma 1L                   2,30
  2 KPL           1,15 €/KPL
Pirkka pizza margherita 350g          2,99
PLUSSA-ETU                            0,50-
Coca-Cola 1,5L                        2,79
PANTTI 0,40                           0,40
Muovikassi                            0,25
                                 ----------
YHTEENSÄ                             46,90

KORTTITAPAHTUMA
Kortti:                      Visa Debit
Debit/Veloitus                 46,90 EUR

ALV        VEROTON    VERO   VEROLLINEN
1  0,00%      0,40    0,00         0,40
2 13,50%     40,75    5,50        46,25
3 25,50%      0,20    0,05         0,25
YHTEENSÄ     41,35    5,55        46,90
`;
